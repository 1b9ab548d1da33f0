"""The version of gadshill, in a module of its own: records write it in their
header, and the rule layer must not import the package's public API to get it."""

__version__ = "0.1.0"
