"""The expert's search tools: hands dealt consistent with what a seat saw, and a Round handed to the play-out."""
