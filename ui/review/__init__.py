"""The review screens: a match's decisions priced against the expert, a decision opened in the replay, and the
career charts. The analysis is game.review's; these draw it and run it beside the frame loop."""
