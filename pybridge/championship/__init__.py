"""Championships: entrants, the schedule and scores, ratings, one game as a
task, where the games run (this machine or Dask), checkpoints to resume,
similarity of submissions, and the results folder's safe files."""
