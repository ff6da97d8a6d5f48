// ch09_length_lab.c: Chapter 9, the length-generalisation lab: several tasks,
// bidirectional and causal models, and what the papers say about length
// generalisation, tried in miniature.
//
// Chapter 6 asks one question (copy the previous token, bidirectional
// attention). Here the same one-layer model (common/tiny_model.h) is trained
// with every encoding on four tasks, with and without a causal mask, and the
// results are read against three papers (cited, not the course's documents):
//
// Claims (docs/CLAIMS.md, chapter 9):
//   9.1  Haviv et al. 2022        causal models without positions learn positional information;
//                                 bidirectional ones cannot
//   9.2  Kazemnejad et al. 2023   decoder-only ranking on length generalisation: NoPE > T5's relative
//                                 bias > ALiBi > RoPE > absolute
//   9.3  Press et al. 2022        ALiBi extrapolates where sinusoidal and RoPE degrade
//   9.4  Beyond the papers        the best encoding beyond the training length depends on the task
//
// The sweep (every number is an option):
//   tasks    previous (k = 1): target at t >= 1 is token t-1 (chapter 6's task)
//            previous (k = --far, 3): target at t >= k is token t-k
//            next: target at t <= T-2 is token t+1 (bidirectional only: a causal model cannot see it)
//            first: target at t >= 1 is token 0
//   masks    bidirectional, causal (S[t,s] = -inf for s > t)
//   model    chapter 6's: one layer, one head, V 16, d 32, L_train 32, Adam 3e-3, batch 64 (--batch)
//   encodings chapter 6's six, and T5's relative bias (common/posenc.h: a trainable number per
//            bucket of s - t, 16 buckets a side, log-spaced beyond distance 7 up to 128)
//   runs     every task x mask x encoding x seed, --steps Adam steps each; tested on --eval-seqs
//            sequences of length 4 L_train
// For each task and mask: chance 1/V and the position-blind bound (copy_task.h): the best
// any model without positions can do, by Monte Carlo.
//
// Symbols: V vocabulary, L = L_train, T test length, t a position, k the copy distance.
//
// Run:  ch09 [--steps 1000] [--seeds 3] [--eval-seqs 300] [--far 3] [--batch 64] [--threads 2]
//            [--cache DIR] [--retrain] [--seed N] [--out DIR] [--claim 9.2] [--quiet]
// Cache: every finished run is kept in --cache DIR (default: the folder 'cache' beside
//       --out) and read back by a later run with the same settings and the same program
//       (common/copy_experiment.h, "The run cache"); --retrain trains anyway.
// Data: sweep.dat (one line per task, mask and encoding: accuracy in range and beyond,
//       mean and sd over seeds; chance; position-blind bound) feeds plots/ch09_sweep.gp;
//       sweep_beyond.dat (one line per task and mask, a column per encoding: accuracy
//       beyond L_train) feeds plots/ch09_beyond.gp; blind_by_position.dat (the causal
//       and bidirectional bounds of the previous-token task at every t) and
//       nope_by_position.dat (NoPE's accuracy there) feed plots/ch09_nope.gp.
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_files.h"
#include "chapter.h"
#include "copy_experiment.h"
#include "copy_task.h"
#include "parallel.h"
#include "posenc.h"

// ---- settings ------------------------------------------------------------------

static long steps = 1000;                   // Adam steps per run (chapter 6: 2000; 1000 already solve what is solvable)
static long seeds = 3;                      // runs per encoding, task and mask
static long eval_seqs = 300;                // test sequences per run and length
static long far_k = 3;                      // the second copy distance
static long batch = COPY_DEFAULT_BATCH;     // sequences per Adam step
static long threads = COPY_DEFAULT_THREADS; // runs trained at once
static const char *cache_dir = NULL;        // --cache DIR (default: 'cache' beside --out)
static bool retrain = false;                // --retrain: train runs the cache has

// Verdict thresholds, in accuracy. COPY_SOLVED (95%), COPY_SAME_BAND (2 points) and
// COPY_FAR_ABOVE_CHANCE (10 points) are the experiment's (common/copy_experiment.h).
#define BLIND_MARGIN 0.02   // sampling slack on a position-blind bound (300 x 3 x 31 predictions: sd < 0.005)
#define KEPT_BAND 0.05      // "extrapolates": beyond L_train within 5 points of the in-range accuracy
#define BLIND_SEQS 2000     // Monte Carlo sequences per position-blind bound (at most; see blind_seqs)

// ---- the encodings: chapter 6's six and T5's relative bias ----------------------------

enum { LAB_T5 = COPY_N_ENCODINGS, LAB_N_ENCODINGS };
static const char *lab_labels[LAB_N_ENCODINGS], *lab_columns[LAB_N_ENCODINGS];
static PosEncodingMaker lab_makers[LAB_N_ENCODINGS];

static void lab_encodings_init(void) {
    for (size_t enc = 0; enc < COPY_N_ENCODINGS; enc++) {
        lab_labels[enc] = COPY_ENCODING_LABELS[enc];
        lab_columns[enc] = COPY_ENCODING_COLUMNS[enc];
        lab_makers[enc] = COPY_ENCODING_MAKERS[enc];
    }
    lab_labels[LAB_T5] = "T5 bias";
    lab_columns[LAB_T5] = "t5";
    lab_makers[LAB_T5] = posenc_t5_bias;
}

// ---- the sweep: tasks x masks, each a chapter-6 experiment of every encoding ----------

enum { TASK_PREVIOUS, TASK_FAR, TASK_NEXT, TASK_FIRST, N_TASKS };
enum { N_MASKS = 2 };                        // 0 bidirectional, 1 causal
static const char *const MASK_NAMES[N_MASKS] = {"bidirectional", "causal"};

static CopyTask task_of(size_t task) {
    switch (task) {
        case TASK_PREVIOUS: return (CopyTask){COPY_TASK_PREVIOUS, 1};
        case TASK_FAR: return (CopyTask){COPY_TASK_PREVIOUS, (size_t)far_k};
        case TASK_NEXT: return (CopyTask){COPY_TASK_NEXT, 0};
        default: return (CopyTask){COPY_TASK_FIRST, 0};
    }
}

// A task is defined under a mask when the model can see its target's source.
static bool combination_exists(size_t task, size_t mask) { return !(task == TASK_NEXT && mask == 1); }

// Every task-and-mask combination that exists, in the table's order: the
// sweep, its data files and the claims all walk this one list.
typedef struct {
    size_t task, mask;
} Combination;
static Combination combinations[N_TASKS * N_MASKS];
static size_t n_combinations;

static void combinations_init(void) {
    n_combinations = 0;
    for (size_t task = 0; task < N_TASKS; task++)
        for (size_t mask = 0; mask < N_MASKS; mask++)
            if (combination_exists(task, mask)) combinations[n_combinations++] = (Combination){task, mask};
}

typedef struct {
    CopyExperiment x;          // every encoding x seed of this task and mask
    double blind_train_len;    // position-blind bound over 1 <= t < L at length L
    double blind_beyond;       // ... over L <= t < T at length T
} Cell;

// (on the heap: about 90 kB a cell, and the static part of a program must stay
// small enough to load under a tight `ulimit -v`, where running out is reported)
static Cell (*sweep)[N_MASKS] = NULL;   // [N_TASKS][N_MASKS]
static bool swept = false;

// Fewer for tiny test runs (the bound's sampling error stays below its margin:
// 1000 sequences x 31 positions give a standard error under 0.003).
static long blind_seqs(void) { return eval_seqs * 10 < BLIND_SEQS ? eval_seqs * 10 : BLIND_SEQS; }

static size_t eval_len(void) { return COPY_DEFAULT_EVAL_FACTOR * COPY_DEFAULT_TRAIN_LEN; }

// Every run's settings but its task and mask: chapter 6's defaults with this
// chapter's --steps, --batch and --eval-seqs (the sweep's runs, and the memory check).
static CopyConfig lab_config(unsigned long seed) {
    CopyConfig c = copy_config_default(seed);
    c.steps = steps;
    c.batch = (size_t)batch;
    c.eval_seqs = (size_t)eval_seqs;
    return c;
}

static void write_sweep_data(Chapter *ch);

// Train the whole sweep once (every claim reads it), print its table, write its data.
static void sweep_ensure(Chapter *ch) {
    if (swept) return;
    swept = true;
    sweep = calloc(N_TASKS, sizeof *sweep);
    if (sweep == NULL) chapter_check(ch, GSL_ENOMEM, "the sweep's results");
    chapter_say(ch, "The sweep: %d tasks x 2 masks (no causal 'next': the mask hides its target) x %d\n"
                    "encodings x %ld seed%s, %ld Adam steps of %ld sequences each, trained at L_train = %d and\n"
                    "tested on %ld sequences of length %zu.\n\n",
                N_TASKS, LAB_N_ENCODINGS, seeds, seeds == 1 ? "" : "s", steps, batch, COPY_DEFAULT_TRAIN_LEN, eval_seqs,
                eval_len());
    bool all[LAB_N_ENCODINGS];
    for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) all[enc] = true;
    double *bound = malloc(eval_len() * sizeof *bound);
    if (bound == NULL) chapter_check(ch, GSL_ENOMEM, "the position-blind bounds");
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        Cell *c = &sweep[task][mask];
        c->x = (CopyExperiment){.n_encodings = LAB_N_ENCODINGS, .labels = lab_labels,
                                .columns = lab_columns, .makers = lab_makers,
                                .label_width = 18, .bucket_width = 10, .seeds = seeds,
                                .cache_dir = cache_dir, .retrain = retrain};
        c->x.config = lab_config((unsigned long)ch->seed);
        c->x.config.task = task_of(task);
        c->x.config.causal = mask == 1;
        char label[64];
        copy_task_label(&c->x.config.task, label, sizeof label);
        chapter_say(ch, "Task %s, %s:\n", label, MASK_NAMES[mask]);
        copy_experiment_ensure(ch, &c->x, all, (size_t)threads);
        CopyTask t = task_of(task);
        copy_task_blind_bound(&t, mask == 1, COPY_DEFAULT_VOCAB, COPY_DEFAULT_TRAIN_LEN, ch->rng, blind_seqs(), bound);
        c->blind_train_len = copy_mean_positions(bound, 1, COPY_DEFAULT_TRAIN_LEN);   // the window of train_len (copy_experiment.h)
        copy_task_blind_bound(&t, mask == 1, COPY_DEFAULT_VOCAB, eval_len(), ch->rng, blind_seqs(), bound);
        c->blind_beyond = copy_mean_positions(bound, COPY_DEFAULT_TRAIN_LEN, eval_len());
    }
    free(bound);
    chapter_say(ch, "Accuracy in %%, mean over %ld seed%s: at 1 <= t < L_train on sequences of length L_train\n"
                    "('train') and at L_train <= t < %zu ('beyond'); chance %.2f%%; 'blind' is the\n"
                    "best any model without positions can do (train / beyond):\n",
                seeds, seeds == 1 ? "" : "s", eval_len(), 100.0 / COPY_DEFAULT_VOCAB);
    chapter_say(ch, "  %-18s %-13s %11s", "task", "mask", "blind");
    for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) chapter_say(ch, " %12s", lab_columns[enc]);
    chapter_say(ch, "\n");
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        const Cell *c = &sweep[task][mask];
        char label[64];
        copy_task_label(&c->x.config.task, label, sizeof label);
        chapter_say(ch, "  %-18s %-13s %5.1f/%5.1f", label, MASK_NAMES[mask], 100 * c->blind_train_len,
                    100 * c->blind_beyond);
        for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++)
            chapter_say(ch, "  %5.1f/%5.1f", 100 * c->x.summary[enc].train_len.mean,
                        100 * c->x.summary[enc].beyond.mean);
        chapter_say(ch, "\n");
    }
    chapter_say(ch, "\n");
    write_sweep_data(ch);
}

static void write_sweep_data(Chapter *ch) {
    DataFile f;
    chapter_data_open(ch, &f, "sweep.dat",
                      "task k mask encoding train_mean train_sd in_range_mean in_range_sd beyond_mean beyond_sd "
                      "chance blind_train blind_beyond steps seeds");
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        const Cell *c = &sweep[task][mask];
        for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) {
            const CopySummary *s = &c->x.summary[enc];
            datafile_printf(&f, "%s %zu %s %s %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %ld %ld\n",
                            COPY_TASK_NAMES[c->x.config.task.kind], c->x.config.task.k, MASK_NAMES[mask],
                            lab_columns[enc], s->train_len.mean, s->train_len.sd, s->in_range.mean,
                            s->in_range.sd, s->beyond.mean, s->beyond.sd, 1.0 / COPY_DEFAULT_VOCAB,
                            c->blind_train_len, c->blind_beyond, steps, seeds);
        }
    }
    chapter_data_close(ch, &f);
    // wide: one line per task and mask, the beyond accuracy of each encoding (for clustered bars)
    char header[512] = "combination blind_beyond";
    for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) {
        size_t used = strlen(header);
        snprintf(header + used, sizeof header - used, " %s", lab_columns[enc]);
    }
    chapter_data_open(ch, &f, "sweep_beyond.dat", header);
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        const Cell *c = &sweep[task][mask];
        char label[64];
        if (c->x.config.task.kind == COPY_TASK_PREVIOUS)
            snprintf(label, sizeof label, "\"t-%zu, %s\"", c->x.config.task.k, mask ? "causal" : "bidir.");
        else
            snprintf(label, sizeof label, "\"%s, %s\"", COPY_TASK_NAMES[c->x.config.task.kind],
                     mask ? "causal" : "bidir.");
        datafile_printf(&f, "%s %.6g", label, c->blind_beyond);
        for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) datafile_printf(&f, " %.6g", c->x.summary[enc].beyond.mean);
        datafile_printf(&f, "\n");
    }
    chapter_data_close(ch, &f);
    // claim 9.1's picture: NoPE by position against the two bounds (previous token, length T)
    double *bound[N_MASKS];
    for (size_t mask = 0; mask < N_MASKS; mask++) {
        bound[mask] = malloc(eval_len() * sizeof *bound[mask]);
        if (bound[mask] == NULL) chapter_check(ch, GSL_ENOMEM, "the position-blind bounds");
        CopyTask t = task_of(TASK_PREVIOUS);
        copy_task_blind_bound(&t, mask == 1, COPY_DEFAULT_VOCAB, eval_len(), ch->rng, blind_seqs(), bound[mask]);
    }
    chapter_data_open(ch, &f, "nope_by_position.dat",
                      "position nope_bidirectional nope_causal blind_bidirectional blind_causal train_len");
    for (size_t t = 1; t < eval_len(); t++) {
        double acc[N_MASKS];
        for (size_t mask = 0; mask < N_MASKS; mask++) {
            const CopyExperiment *x = &sweep[TASK_PREVIOUS][mask].x;
            double sum = 0.0;
            for (long k = 0; k < seeds; k++) sum += x->runs[COPY_ENC_NONE][k].accuracy[t];
            acc[mask] = sum / (double)seeds;
        }
        datafile_printf(&f, "%zu %.6g %.6g %.6g %.6g %d\n", t, acc[0], acc[1], bound[0][t], bound[1][t],
                        COPY_DEFAULT_TRAIN_LEN);
    }
    chapter_data_close(ch, &f);
    for (size_t mask = 0; mask < N_MASKS; mask++) free(bound[mask]);
}

static const CopySummary *summary(size_t task, size_t mask, size_t enc) { return &sweep[task][mask].x.summary[enc]; }

// ---- claim 9.1: causal models without positions learn position (Haviv et al. 2022) ----------

static void claim_causal_nope(Chapter *ch, ClaimResult *r) {
    sweep_ensure(ch);
    const Cell *bi = &sweep[TASK_PREVIOUS][0], *causal = &sweep[TASK_PREVIOUS][1];
    double acc_bi = summary(TASK_PREVIOUS, 0, COPY_ENC_NONE)->train_len.mean;
    double acc_causal = summary(TASK_PREVIOUS, 1, COPY_ENC_NONE)->train_len.mean;
    double beyond_causal = summary(TASK_PREVIOUS, 1, COPY_ENC_NONE)->beyond.mean;
    chapter_say(ch, "NoPE on the previous-token task, at the training length (mean over seeds):\n"
                    "  bidirectional  %5.1f%%   best possible without positions %5.1f%%\n"
                    "  causal         %5.1f%%   best possible for a causal model without positions %5.1f%%\n"
                    "  causal, beyond %5.1f%%   (bound %5.1f%%)\n",
                100 * acc_bi, 100 * bi->blind_train_len, 100 * acc_causal, 100 * causal->blind_train_len,
                100 * beyond_causal, 100 * causal->blind_beyond);
    chapter_say(ch, "A causal query at t sees the bag of tokens 0..t: at t = 1 that bag is token 0\n"
                    "and itself, so the previous token is known; at t it is one of t candidates.\n"
                    "That is order information the mask supplies; it fades as t grows, since the\n"
                    "most frequent earlier token is right less and less often (nope_by_position.dat).\n"
                    "No causal model without positions can beat the causal bound: its output is a\n"
                    "function of its own token and that bag. With one layer there is no second\n"
                    "layer to turn the bag's size into a position, as the papers' deep models can.\n");
    bool bi_blind = acc_bi <= bi->blind_train_len + BLIND_MARGIN;
    bool causal_gains = acc_causal > bi->blind_train_len + BLIND_MARGIN;   // more than any bidirectional blind model
    bool causal_capped = acc_causal <= causal->blind_train_len + BLIND_MARGIN;
    r->measured = acc_causal;
    r->document = causal->blind_train_len;
    r->tolerance = BLIND_MARGIN;
    claim_key(r, "causal NoPE accuracy at L_train");
    r->verdict = bi_blind && causal_gains ? (causal_capped ? VERDICT_PARTLY_HOLDS : VERDICT_HOLDS)
                                          : VERDICT_DOES_NOT_HOLD;
    claim_finding(r, "Without positions the causal model reaches %.1f%% on the previous-token task and the "
                     "bidirectional one %.1f%% (its bound %.1f%%): the mask gives order the bidirectional model "
                     "cannot have. But the causal model stays at what the bag of earlier tokens allows "
                     "(%.1f%%): in one layer it uses the mask's information, it learns no positions beyond it.",
                  100 * acc_causal, 100 * acc_bi, 100 * bi->blind_train_len, 100 * causal->blind_train_len);
}

// ---- claim 9.2: the ranking of Kazemnejad et al. 2023 -------------------------------------

// Their order; their absolute encoding is the sinusoidal one (a learned table stands
// beside it in our table, unranked).
static const size_t PAPER_ORDER[] = {COPY_ENC_NONE, LAB_T5, COPY_ENC_ALIBI, COPY_ENC_ROPE, COPY_ENC_SINUSOIDAL};
enum { N_RANKED = sizeof PAPER_ORDER / sizeof PAPER_ORDER[0] };

static void claim_ranking(Chapter *ch, ClaimResult *r) {
    sweep_ensure(ch);
    // mean reciprocal rank of each of the four over the causal tasks, ranked by accuracy beyond L_train
    double mrr[N_RANKED] = {0};
    size_t n_tasks = 0;
    for (size_t task = 0; task < N_TASKS; task++) {
        if (!combination_exists(task, 1)) continue;
        n_tasks++;
        for (size_t i = 0; i < N_RANKED; i++) {
            double mine = summary(task, 1, PAPER_ORDER[i])->beyond.mean;
            size_t rank = 1;
            for (size_t j = 0; j < N_RANKED; j++)
                if (j != i && summary(task, 1, PAPER_ORDER[j])->beyond.mean > mine) rank++;
            mrr[i] += 1.0 / (double)rank;
        }
    }
    chapter_say(ch, "Causal models, accuracy beyond L_train, ranked per task; mean reciprocal rank\n"
                    "over the %zu causal tasks (the paper's order first):\n", n_tasks);
    size_t concordant = 0, discordant = 0;
    for (size_t i = 0; i < N_RANKED; i++) {
        mrr[i] /= (double)n_tasks;
        chapter_say(ch, "  %-18s MRR %.3f\n", lab_labels[PAPER_ORDER[i]], mrr[i]);
    }
    for (size_t i = 0; i < N_RANKED; i++)
        for (size_t j = i + 1; j < N_RANKED; j++) {
            if (mrr[i] > mrr[j]) concordant++;
            else if (mrr[i] < mrr[j]) discordant++;
        }
    double tau = (double)((long)concordant - (long)discordant) / (double)(N_RANKED * (N_RANKED - 1) / 2);
    bool nope_first = true;
    for (size_t i = 1; i < N_RANKED; i++) nope_first &= mrr[0] > mrr[i];
    bool rest_in_order = true;   // T5 > ALiBi > RoPE > absolute, the order among the encodings that give positions
    for (size_t i = 1; i + 1 < N_RANKED; i++) rest_in_order &= mrr[i] > mrr[i + 1];
    size_t positional_pairs = 0, positional_in_order = 0;
    for (size_t i = 1; i < N_RANKED; i++)
        for (size_t j = i + 1; j < N_RANKED; j++) positional_pairs++, positional_in_order += mrr[i] > mrr[j];
    // T5's buckets for the distances beyond the training length: never reached in training
    size_t first_unseen = posenc_t5_bucket(-(long)COPY_DEFAULT_TRAIN_LEN), last_bucket = posenc_t5_bucket(-(long)eval_len());
    size_t unchanged = 0, t5_runs = 0;   // those biases after training, in every T5 run of the sweep
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        for (long k = 0; k < seeds; k++, t5_runs++) {
            const CopyRun *run = &sweep[task][mask].x.runs[LAB_T5][k];
            bool same = true;
            for (size_t b = first_unseen; b <= last_bucket; b++) same &= run->pe_final[b] == run->pe_initial[b];
            unchanged += same;
        }
    }
    chapter_say(ch, "T5's buckets (keys before the query): the distances 1..%d that training sees fall in\n"
                    "buckets up to %zu; the distances %d..%zu of the test fall in buckets %zu..%zu, whose\n"
                    "biases are bit for bit their starting value 0 after training in %zu of the %zu T5 runs.\n",
                COPY_DEFAULT_TRAIN_LEN - 1, posenc_t5_bucket(-(long)COPY_DEFAULT_TRAIN_LEN + 1), COPY_DEFAULT_TRAIN_LEN,
                eval_len() - 1, first_unseen, last_bucket, unchanged, t5_runs);
    chapter_say(ch, "Kendall's tau between the paper's order and ours: %.2f (1 = the same order).\n"
                    "NoPE first: %s; T5 > ALiBi > RoPE > sinusoidal: %s.\n",
                tau, nope_first ? "yes" : "no", rest_in_order ? "yes" : "no");
    r->measured = tau;
    r->document = 1.0;
    r->tolerance = 0.0;
    claim_key(r, "Kendall tau, paper's order vs ours");
    r->verdict = tau >= 1.0 ? VERDICT_HOLDS
                            : (nope_first || rest_in_order ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    claim_finding(r, "Over our %zu causal tasks the mean reciprocal ranks are NoPE %.2f, T5 bias %.2f, ALiBi %.2f, "
                     "RoPE %.2f, sinusoidal %.2f (Kendall's tau against the paper's order %.2f): %zu of the %zu pairs "
                     "among the encodings that give positions are in the paper's order (%s); %s.",
                  n_tasks, mrr[0], mrr[1], mrr[2], mrr[3], mrr[4], tau, positional_in_order, positional_pairs,
                  mrr[1] > mrr[2] && mrr[1] > mrr[3] ? "T5 ahead of ALiBi and RoPE"
                  : unchanged == t5_runs ? "T5 behind them; the distances from L_train on fall into buckets whose "
                                           "biases training never moved"
                                         : "T5 behind them",
                  nope_first ? "NoPE comes first, as in the paper"
                             : "NoPE does not come first: one layer cannot turn the mask's order into positions "
                               "(9.1), which the paper's deeper models can");
}

// ---- claim 9.3: ALiBi extrapolates where sinusoidal and RoPE degrade (Press et al. 2022) ------

// Whether an encoding keeps its accuracy beyond L_train on a task it solves in range.
static bool keeps(size_t task, size_t mask, size_t enc) {
    const CopySummary *s = summary(task, mask, enc);
    return s->beyond.mean >= s->train_len.mean - KEPT_BAND;
}

static void claim_alibi(Chapter *ch, ClaimResult *r) {
    sweep_ensure(ch);
    size_t alibi_solved = 0, alibi_kept = 0, others_degrade = 0;
    chapter_say(ch, "Where one-slope ALiBi solves a task at the training length (>= %.0f%%), does it keep\n"
                    "its accuracy beyond (within %.0f points), and do sinusoidal and RoPE lose theirs?\n",
                100 * COPY_SOLVED, 100 * KEPT_BAND);
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        const CopySummary *a = summary(task, mask, COPY_ENC_ALIBI);
        char label[64];
        copy_task_label(&sweep[task][mask].x.config.task, label, sizeof label);
        chapter_say(ch, "  %-18s %-13s ALiBi %5.1f -> %5.1f   sinusoidal %5.1f -> %5.1f   RoPE %5.1f -> %5.1f\n",
                    label, MASK_NAMES[mask], 100 * a->train_len.mean, 100 * a->beyond.mean,
                    100 * summary(task, mask, COPY_ENC_SINUSOIDAL)->train_len.mean,
                    100 * summary(task, mask, COPY_ENC_SINUSOIDAL)->beyond.mean,
                    100 * summary(task, mask, COPY_ENC_ROPE)->train_len.mean,
                    100 * summary(task, mask, COPY_ENC_ROPE)->beyond.mean);
        if (a->train_len.mean < COPY_SOLVED) continue;
        alibi_solved++;
        alibi_kept += keeps(task, mask, COPY_ENC_ALIBI);
        others_degrade += !keeps(task, mask, COPY_ENC_SINUSOIDAL) && !keeps(task, mask, COPY_ENC_ROPE);
    }
    chapter_say(ch, "One slope makes the bias monotone in |t-s|: it can favour the nearest keys (slope\n"
                    "above 0) or the farthest (below 0), nothing in between, and cannot tell the two\n"
                    "sides apart. So it solves the tasks whose answer is the nearest or the farthest\n"
                    "key on the one side the mask leaves open (the query's own key aside: its token\n"
                    "tells it apart), and keeps them at any length, since the picture around the\n"
                    "query is the same everywhere.\n");
    r->measured = (double)alibi_kept;
    r->document = (double)alibi_solved;
    r->tolerance = 0.0;
    claim_key(r, "tasks ALiBi solves and keeps beyond L_train");
    // holds only if ALiBi works everywhere; it extrapolating where it works is the partial claim
    bool all = alibi_solved == n_combinations && alibi_kept == alibi_solved && others_degrade == alibi_solved;
    r->verdict = all ? VERDICT_HOLDS : (alibi_kept > 0 ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    claim_finding(r, "One-slope ALiBi solves %zu of the %zu task-and-mask combinations at the training length and "
                     "keeps the accuracy beyond it on %zu of those, where sinusoidal and RoPE both degrade on %zu. It "
                     "extrapolates where it works, and works only where the answer is the nearest or the farthest "
                     "key on a side the mask leaves open.",
                  alibi_solved, n_combinations, alibi_kept, others_degrade);
}

// ---- claim 9.4: the ranking depends on the task ---------------------------------------

static void claim_task_dependence(Chapter *ch, ClaimResult *r) {
    sweep_ensure(ch);
    bool winner_seen[LAB_N_ENCODINGS] = {false};
    size_t distinct = 0;
    chapter_say(ch, "The best encoding beyond L_train, per task and mask:\n");
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        size_t best = 0;
        for (size_t enc = 1; enc < LAB_N_ENCODINGS; enc++)
            if (summary(task, mask, enc)->beyond.mean > summary(task, mask, best)->beyond.mean) best = enc;
        char label[64];
        copy_task_label(&sweep[task][mask].x.config.task, label, sizeof label);
        chapter_say(ch, "  %-18s %-13s %-18s %5.1f%%\n", label, MASK_NAMES[mask], lab_labels[best],
                    100 * summary(task, mask, best)->beyond.mean);
        if (!winner_seen[best]) distinct++;
        winner_seen[best] = true;
    }
    r->measured = (double)distinct;
    r->document = 1.0;
    r->tolerance = 0.0;
    claim_key(r, "different winners over the combinations");
    r->verdict = distinct > 1 ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_finding(r, "%zu different encodings come out best beyond the training length over the task-and-mask "
                     "combinations: a ranking of encodings is a statement about the tasks it was measured on.",
                  distinct);
}

// ---- main ----------------------------------------------------------------------

static const ClaimDef CLAIMS[] = {
    {"9.1", "Haviv et al. 2022",
     "A causal model without positional encoding learns positional information; a bidirectional one cannot.",
     VERDICT_PARTLY_HOLDS,
     "the mask gives a causal query the bag of earlier tokens, which carries order near the start; one layer "
     "cannot turn it into positions",
     claim_causal_nope},
    {"9.2", "Kazemnejad et al. 2023",
     "Ranked on length generalisation, decoder-only models order NoPE > T5's relative bias > ALiBi > RoPE > "
     "absolute positions.",
     VERDICT_DOES_NOT_HOLD,
     "one layer cannot use the mask's order as the paper's deeper NoPE models do (9.1), and T5's buckets for the "
     "distances beyond L_train are never trained",
     claim_ranking},
    {"9.3", "Press et al. 2022",
     "ALiBi extrapolates beyond the training length where sinusoidal positions and RoPE degrade.",
     VERDICT_PARTLY_HOLDS,
     "its bias is monotone in |t-s|: it keeps what it solves, and solves only tasks whose answer is the nearest or "
     "farthest key on one side",
     claim_alibi},
    {"9.4", "Beyond the papers", "The encoding that generalises best beyond the training length depends on the task.",
     VERDICT_HOLDS, "each encoding makes some position patterns easy and others impossible", claim_task_dependence},
};

int main(int argc, char **argv) {
    parallel_blas_single_thread();   // our threads run the models; BLAS stays on one
    lab_encodings_init();
    combinations_init();
    Chapter ch = {
        .program = "ch09",
        .title = "The length-generalisation lab: tasks, causal masks and the papers in miniature",
        .summary = "We train chapter 6's one-layer model with every encoding on four tasks (copy the\n"
                   "previous token, the token k back, the next token, the first token), with and\n"
                   "without a causal mask, test it at four times the training length, and read the\n"
                   "results against three papers on length generalisation.",
        .claims = CLAIMS,
        .n_claims = sizeof CLAIMS / sizeof CLAIMS[0],
    };
    const OptionSpec options[] = {
        {"--steps", OPTION_INT, &steps, 1, 100000, 0, "N", "Adam steps per run"},
        {"--seeds", OPTION_INT, &seeds, 1, COPY_MAX_SEEDS, 0, "N", "runs per encoding, task and mask"},
        {"--eval-seqs", OPTION_INT, &eval_seqs, 1, 100000, 0, "N", "test sequences per run and length"},
        {"--far", OPTION_INT, &far_k, 2, COPY_DEFAULT_TRAIN_LEN - 1, 0, "K", "the second task copies the token K back"},
        {"--batch", OPTION_INT, &batch, 1, 256, 0, "N", "sequences per Adam step"},
        {"--threads", OPTION_INT, &threads, 1, 64, 0, "N", "runs trained at once"},
        CACHE_OPTION_SPECS(cache_dir, retrain, "finished runs"),
    };
    int status = chapter_begin(&ch, argc, argv, options, sizeof options / sizeof options[0]);
    if (status != CHAPTER_CONTINUE) return status;
    char default_cache[4200];
    cache_dir = cache_folder(cache_dir, ch.out, default_cache, sizeof default_cache);
    CopyConfig sizes = lab_config(1);
    double memory = copy_runs_bytes(&sizes, n_combinations * LAB_N_ENCODINGS * (size_t)seeds,
                                    LAB_N_ENCODINGS * (size_t)seeds, (size_t)threads);   // (a round: one cell)
    status = chapter_check_memory(&ch, memory, "--seeds, --steps, --batch or --threads");
    if (status != CHAPTER_CONTINUE) return status;
    chapter_run_claims(&ch);
    for (size_t i = 0; sweep && i < n_combinations; i++)
        copy_experiment_free(&sweep[combinations[i].task][combinations[i].mask].x);
    free(sweep);
    return chapter_end(&ch);
}
