"""stickygulch."""
