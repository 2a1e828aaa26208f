"""The table scene: the model the events build, the presenter that animates them, and the views that draw them."""
