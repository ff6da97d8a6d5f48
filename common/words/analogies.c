// analogies.c: the question set (see analogies.h). Every word occurs at least
// 5 times in the GCIDE text as chapter 0 strips it; a few capitals (madrid,
// moscow, lisbon) are rarer than the 30000 most frequent words, so chapter 0,
// which searches among those, asks 1008 of the 1092 questions.
#include "words/analogies.h"

static const char *const GENDER[][2] = {
    {"king", "queen"},       {"man", "woman"},     {"boy", "girl"},         {"father", "mother"},
    {"son", "daughter"},     {"brother", "sister"}, {"husband", "wife"},    {"uncle", "aunt"},
    {"nephew", "niece"},     {"prince", "princess"}, {"lord", "lady"},      {"he", "she"},
    {"god", "goddess"},      {"emperor", "empress"}, {"duke", "duchess"},   {"grandfather", "grandmother"},
};
static const char *const CAPITAL[][2] = {
    {"paris", "france"},     {"london", "england"},  {"rome", "italy"},       {"madrid", "spain"},
    {"berlin", "germany"},   {"moscow", "russia"},   {"cairo", "egypt"},      {"athens", "greece"},
    {"lisbon", "portugal"},  {"edinburgh", "scotland"}, {"dublin", "ireland"}, {"vienna", "austria"},
    {"constantinople", "turkey"}, {"delhi", "india"}, {"brussels", "belgium"}, {"damascus", "syria"},
};
static const char *const PLURAL[][2] = {
    {"dog", "dogs"},         {"cat", "cats"},        {"horse", "horses"},     {"tree", "trees"},
    {"house", "houses"},     {"bird", "birds"},      {"city", "cities"},      {"child", "children"},
    {"foot", "feet"},        {"tooth", "teeth"},     {"mouse", "mice"},       {"church", "churches"},
    {"leaf", "leaves"},      {"knife", "knives"},    {"ship", "ships"},       {"book", "books"},
};
static const char *const PAST[][2] = {
    {"go", "went"},          {"take", "took"},       {"give", "gave"},        {"see", "saw"},
    {"come", "came"},        {"run", "ran"},         {"speak", "spoke"},      {"write", "wrote"},
    {"eat", "ate"},          {"drink", "drank"},     {"sing", "sang"},        {"fall", "fell"},
    {"know", "knew"},        {"bring", "brought"},   {"sell", "sold"},        {"tell", "told"},
};
static const char *const COMPARATIVE[][2] = {
    {"good", "better"},      {"bad", "worse"},       {"great", "greater"},    {"small", "smaller"},
    {"large", "larger"},     {"strong", "stronger"}, {"long", "longer"},      {"high", "higher"},
    {"old", "older"},        {"young", "younger"},   {"hard", "harder"},      {"wide", "wider"},
};

#define N(a) (sizeof(a) / sizeof(a)[0])

const AnalogyCategory ANALOGY_SET[ANALOGY_CATEGORIES] = {
    {"gender", "man : woman", GENDER, N(GENDER)},
    {"capital", "capital : country", CAPITAL, N(CAPITAL)},
    {"plural", "singular : plural", PLURAL, N(PLURAL)},
    {"past", "verb : past tense", PAST, N(PAST)},
    {"comparative", "adjective : comparative", COMPARATIVE, N(COMPARATIVE)},
};

size_t analogy_questions(size_t c) {
    size_t n = ANALOGY_SET[c].n_pairs;
    return n * (n - 1);
}

void analogy_question(size_t c, size_t q, const char *words[4]) {
    size_t n = ANALOGY_SET[c].n_pairs;
    size_t i = q / (n - 1), j = q % (n - 1);
    if (j >= i) j++;   // the second pair is any other pair
    words[0] = ANALOGY_SET[c].pairs[i][0];
    words[1] = ANALOGY_SET[c].pairs[i][1];
    words[2] = ANALOGY_SET[c].pairs[j][0];
    words[3] = ANALOGY_SET[c].pairs[j][1];
}

size_t analogy_score(const Embedding *e, const Corpus *vocab, size_t limit, size_t max_id,
                     size_t asked[ANALOGY_CATEGORIES], size_t right[ANALOGY_CATEGORIES]) {
    size_t total = 0;
    for (size_t c = 0; c < ANALOGY_CATEGORIES; c++) {
        asked[c] = right[c] = 0;
        for (size_t q = 0; q < analogy_questions(c); q++) {
            const char *w[4];
            analogy_question(c, q, w);
            long id[4];
            int ok = 1;
            for (int i = 0; i < 4; i++) {
                id[i] = corpus_find(vocab, w[i]);
                ok &= id[i] >= 0 && (size_t)id[i] < limit && (size_t)id[i] < max_id;
            }
            if (!ok) continue;
            asked[c]++;
            right[c] += embedding_analogy(e, id[0], id[1], id[2], id[3], limit, NULL) == id[3];
        }
        total += asked[c];
    }
    return total;
}
