"""The pygame client: scenes that draw the game and turn a player's input into actions for game/."""
