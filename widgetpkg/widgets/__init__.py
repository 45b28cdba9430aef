"""Jupyter widgets: the game model, the board canvas, the side panel and the app."""
