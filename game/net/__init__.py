"""Play over the network: the host runs the referee, each client sees only its own seat (docs/protocol.md).

Nothing here imports pygame: the host runs headless on a spare machine, and the client's
network side runs in its own thread beside the pygame loop.
"""
