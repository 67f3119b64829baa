"""S5 read path: rule-based scoring, selection, injection and explanation."""
