"""ipywidgets components that draw engine states and forward clicks."""
