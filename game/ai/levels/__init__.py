"""The AI levels a player meets: easy, normal, hard and the expert."""
