// analogies.h: the workbook's own analogy question set for chapter 0.
//
// Written for the GCIDE dictionary's English (words it uses at least 5
// times), in the style of the Word2Vec paper's test (Mikolov et al. 2013):
// each category is a list of word pairs (a, b) sharing one relation, and
// every ordered choice of two different pairs (a, b), (c, d) of a category is
// one question "a is to b as c is to d": given a, b, c, find d.
// Five categories; n pairs give n (n - 1) questions.
#ifndef WORKBOOK_ANALOGIES_H
#define WORKBOOK_ANALOGIES_H

#include <stddef.h>

#include "words/corpus.h"
#include "words/embedding.h"

typedef struct {
    const char *name;              // "gender"
    const char *label;             // "man : woman"
    const char *const (*pairs)[2];
    size_t n_pairs;
} AnalogyCategory;

enum { ANALOGY_CATEGORIES = 5 };

extern const AnalogyCategory ANALOGY_SET[ANALOGY_CATEGORIES];

// Questions in category c: n_pairs (n_pairs - 1).
size_t analogy_questions(size_t c);
// Question q of category c: the four words.
void analogy_question(size_t c, size_t q, const char *words[4]);

// Answer the set with 3CosAdd (embedding_analogy) among the first 'limit'
// words of e: a question counts when its four words are in the corpus's
// vocabulary with ids < max_id (and < limit). Fills asked[c] and right[c] per
// category; returns the questions asked.
size_t analogy_score(const Embedding *e, const Corpus *vocab, size_t limit, size_t max_id,
                     size_t asked[ANALOGY_CATEGORIES], size_t right[ANALOGY_CATEGORIES]);

#endif
