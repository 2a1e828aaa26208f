"""The client's way in for a newcomer: the guide's pages, the lessons with their coach, the first-run offer."""
