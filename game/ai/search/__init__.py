"""The expert's search tools: hands dealt consistent with what a seat saw, play-outs paired, and worker processes."""
