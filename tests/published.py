"""Published figures (spec/ANCHORS.md) shared by the tests: baccarat and poker.

They come from publications, never from the code under test.
"""

FIVE_CARD = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "one_pair": 1_098_240,
}
FIVE_CARD_HIGH_CARD_WITH_ACE_KING = 1_302_540
FIVE_CARD_ACE_KING = 167_280
FIVE_CARD_ACE_KING_OR_BETTER = 1_463_700

SEVEN_CARD = {
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "one_pair": 58_627_800,
}
SEVEN_CARD_STRAIGHT_FLUSH_WITH_ROYAL = 41_584
SEVEN_CARD_ROYAL = 4_324
SEVEN_CARD_HIGH_CARD_WITH_ACE_KING = 23_294_460

# Baccarat, 8 decks, off the top (exact).
CYCLE = 4_998_398_275_503_360
BANKER_WINS = 2_292_252_566_437_888
PLAYER_WINS = 2_230_518_282_592_256
TIES = 475_627_426_473_216
SUN7 = 112_633_011_329_024
MOON8 = 172_660_763_262_976
