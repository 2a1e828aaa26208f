"""The review of a player's play: every decision priced against the expert, from the seat's observation alone.

- game.review.moments walks a logged match through the match controller to each of the seat's decisions;
- game.review.why says in one sentence, in the coach's words, why the expert's move is the better one;
- game.review.report holds a review (decisions, hands, the match summary) and its JSON form;
- game.review.run reviews a match, hand by hand, with progress and a way to stop it;
- game.review.cache keeps a review beside its replay log;
- game.review.career counts a player's statistics over every kept match, per ruleset.

Nothing here imports pygame; the screens are in ui/review/.
"""
