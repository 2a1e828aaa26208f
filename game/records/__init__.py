"""What a match leaves behind: its log, replays, the save, hands exported, the player's statistics."""
