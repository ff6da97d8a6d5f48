// two_senses.c: the two-sense words (see two_senses.h), moved from
// chapters/ch00_word_vectors.c.
#include "words/two_senses.h"

const TwoSense TWO_SENSES[] = {
    {"bank", {"money", "river"},
     {{"money", "deposit", "savings", "cash", "loan", "credit"}, {"river", "shore", "stream", "dike", "mound", "slope"}},
     {"he paid the gold coins into the bank and the bank lent them to merchants at interest",
      "the boat drifted to the bank where the grass grew down to the edge of the water"}},
    {"crane", {"bird", "machine"},
     {{"heron", "stork", "bird", "wading", "plumage", "ibis"}, {"hoist", "derrick", "lifting", "pulley", "winch", "lever"}},
     {"the crane stood on one leg in the marsh and caught a frog with its long bill",
      "the crane raised the heavy stones with a rope and an iron hook to the top of the wall"}},
    {"bat", {"animal", "club"},
     {{"mammal", "rodent", "nocturnal", "wings", "insectivorous", "vampire"}, {"club", "cricket", "cudgel", "stick", "ball", "paddle"}},
     {"the bat flew out of the cave at night to catch moths in the dark",
      "he struck the ball hard with the bat and ran between the wickets"}},
    {"spring", {"season", "water"},
     {{"season", "summer", "autumn", "winter", "april", "blossom"}, {"fountain", "source", "well", "stream", "brook", "flowing"}},
     {"in the spring the days grow longer and the flowers bloom in the meadows",
      "they drank from the spring that rose cold and clear out of the rocks"}},
};
_Static_assert(sizeof TWO_SENSES / sizeof TWO_SENSES[0] == N_TWO_SENSES, "N_TWO_SENSES counts the list");
