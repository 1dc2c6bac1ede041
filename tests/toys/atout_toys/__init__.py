"""atout's test toys: ``toy-duo`` (two seats and a talon) and ``toy-six`` (six seats in two
alternating sides), one rule set (:mod:`atout_toys.game`) on two tables."""
