"""The referee of one hand: the round engine, the wall, actions, events, and what each seat may see of them."""
