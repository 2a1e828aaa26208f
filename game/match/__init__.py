"""A match and its one controller: hands in sequence, the agents behind the seats, headless play."""
