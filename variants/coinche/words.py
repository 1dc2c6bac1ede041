"""Coinche's options and presets in players' words; sources stay in each option's ``doc``."""

from __future__ import annotations

from framework.api import OptionWords

OPTIONS: dict[str, OptionWords] = {
    "deal_pattern": ("How the cards are dealt", "The packets each player receives in turn.", {}),
    "nt_at": ("No trumps and all trumps may be bid", "", {}),
    "max_bid": ("Highest bid below capot", "", {}),
    "capot_ends_auction": ("A capot bid ends the bidding", "", {}),
    "capot_coinchable": ("A capot bid may be coinched", "", {}),
    "coinche_timing": ("When a coinche may be said", "",
                       {"in_turn": "In turn only", "any_time": "At any time"}),
    "surcoinche_mult": ("Surcoinche multiplies by", "", {}),
    "made_test": ("When is the contract made?", "",
                  {"ffb": "Total at least the bid, and more than the defenders",
                   "house": "At least 82 card points, and total at least the bid",
                   "bidonly": "Card points and belote at least the bid (and 82)"}),
    "litige": ("Equal totals: litige",
               "Equal totals with the bid reached: the takers' points wait for the next deal.",
               {}),
    "capot_card_points": ("Card points of a capot", "All eight tricks are worth this.",
                          {250: "250", 252: "252 (last trick 100)"}),
    "failed_capot_base": ("A failed capot gives the defenders", "", {}),
    "defenders_capot_base": ("Defenders who take every trick score", "", {}),
    "capot_transfers_ann": ("A capot takes the defenders' announcements", "", {}),
    "coinche_scope": ("What a coinche multiplies", "",
                      {"whole": "The whole deal", "bid_only": "The bid only"}),
    "contract_only": ("The winner scores only the contract",
                      "The team that wins the deal scores the contract, not its card points.",
                      {}),
    "belote_multiplied": ("A coinche multiplies the belote too", "", {}),
    "belote_on_failure": ("Takers who fail keep their belote", "",
                          {"keep": "Yes, they keep it",
                           "to_defenders": "No, it goes to the defenders"}),
    "rounding": ("Rounding of each deal's score", "",
                 {"half_up": "To the nearest ten, 5 up", "six_up": "To the nearest ten, 5 down",
                  "none": "No rounding"}),
    "target": ("Points to win", "", {}),
    "end_tie": ("Both teams pass the target with equal totals", "",
                {"deal_winner": "The deal's winner wins", "extra_deal": "Play one more deal",
                 "draw": "A draw"}),
    "belote_cannot_finish": ("The belote alone cannot win the game",
                             "A team that failed and reaches the target only with its belote "
                             "has not won yet.", {}),
}

PRESETS: dict[str, tuple[str, str]] = {
    "house": ("Club rules (to 1000)",
              "To 1000 points; no trumps and all trumps may be bid; the takers need 82 card "
              "points; a coinche multiplies the whole deal."),
    "ffb": ("Federation rules (to 2000)",
            "The French federation's official rules: to 2000 points; the takers must beat the "
            "defenders; a capot counts 252; undertrumping is optional."),
    "bidonly": ("Simple rules (to 2000)",
                "To 2000 points, no announcements; a coinche doubles the bid only."),
}
