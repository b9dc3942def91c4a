"""The version of combin, in a module of its own: every module that prints it imports it from
here, not from the package (whose first use loads the public API), so no import runs in a
circle.

>>> __version__.count(".")
2
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
