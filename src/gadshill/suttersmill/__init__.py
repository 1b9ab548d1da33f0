"""suttersmill."""
