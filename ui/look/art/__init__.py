"""Drawing code behind ui/look/tile_art.py: surface caching, shapes, and the pictures on the tile faces."""
