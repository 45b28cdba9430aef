"""A STAND-IN for Pillow, for widgetpkg's browser site (JupyterLite) only: not Pillow.

ipycanvas imports ``PIL.Image`` at import time to read and write pixel images; widgetpkg never
does either (it draws vector operations only), so every use raises ``NotImplementedError``.
See docs/lite.md.
"""

__version__ = "0.0.0+widgetpkg.standin"
STANDIN = True
