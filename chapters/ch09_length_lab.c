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
//   9.2  Kazemnejad et al. 2023   does a one-layer miniature reproduce their decoder-only ranking on
//                                 length generalisation, NoPE > T5's relative bias > ALiBi > RoPE > absolute?
//   9.3  Press et al. 2022        ALiBi extrapolates where sinusoidal and RoPE degrade (tried with one
//                                 head and one learned slope; the paper fixes a slope per head)
//   9.4  Beyond the papers        the best encoding beyond the training length depends on the task,
//                                 however ties (within 2 points) are broken
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
//       mean and sd over seeds; chance; position-blind bound; steps and seeds) is the
//       sweep's full table: no figure draws it, both figures read their labels' steps
//       and seeds from it; sweep_beyond.dat (one line per task and mask, a column per
//       encoding: accuracy beyond L_train) feeds plots/ch09_beyond.gp;
//       nope_by_position.dat (NoPE's accuracy at every t of the previous-token task,
//       with the causal and bidirectional position-blind bounds there) feeds
//       plots/ch09_nope.gp.
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_files.h"
#include "chapter.h"
#include "i18n.h"
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
    claim_value(r, "acc_causal", acc_causal);
    claim_value(r, "acc_bi", acc_bi);
    claim_value(r, "bound_causal", causal->blind_train_len);
    claim_value(r, "bound_bi", bi->blind_train_len);
    claim_value(r, "beyond_causal", beyond_causal);
    claim_value(r, "chance", 1.0 / COPY_DEFAULT_VOCAB);
    claim_value(r, "slack_points", 100 * BLIND_MARGIN);   // the bound's sampling slack, in points
    if (r->verdict == VERDICT_PARTLY_HOLDS)
        claim_finding(r, "Without positions the causal model reaches %.1f%% on the previous-token task and the "
                         "bidirectional one %.1f%% (its bound %.1f%%): the mask gives order the bidirectional model "
                         "cannot have. But the causal model stays at what the bag of earlier tokens allows "
                         "(%.1f%%): in one layer it uses the mask's information, it learns no positions beyond it.",
                      100 * acc_causal, 100 * acc_bi, 100 * bi->blind_train_len, 100 * causal->blind_train_len);
    else if (r->verdict == VERDICT_HOLDS)
        claim_finding(r, "Without positions the causal model reaches %.1f%% on the previous-token task, above the "
                         "%.1f%% the bag of earlier tokens allows (by more than the bound's %.0f-point sampling "
                         "slack), and the bidirectional one %.1f%% (its bound %.1f%%).",
                      100 * acc_causal, 100 * causal->blind_train_len, 100 * BLIND_MARGIN, 100 * acc_bi,
                      100 * bi->blind_train_len);
    else
        claim_finding(r, "Not seen at these settings: without positions the causal model reaches %.1f%% on the "
                         "previous-token task and the bidirectional one %.1f%% (bounds %.1f%% causal, %.1f%% "
                         "bidirectional): the causal model does not beat the bidirectional bound by more than %.0f "
                         "points, or the bidirectional model passes its own.",
                      100 * acc_causal, 100 * acc_bi, 100 * causal->blind_train_len, 100 * bi->blind_train_len,
                      100 * BLIND_MARGIN);
}

// ---- claim 9.2: the ranking of Kazemnejad et al. 2023 -------------------------------------

// Their order; their absolute encoding is the sinusoidal one (a learned table stands
// beside it in our table, unranked).
static const size_t PAPER_ORDER[] = {COPY_ENC_NONE, LAB_T5, COPY_ENC_ALIBI, COPY_ENC_ROPE, COPY_ENC_SINUSOIDAL};
enum { N_RANKED = sizeof PAPER_ORDER / sizeof PAPER_ORDER[0] };

// "Near chance": within COPY_FAR_ABOVE_CHANCE of chance 1/V (below 16.25% at V = 16).
// An order decided between two such accuracies says which model failed less, not
// which generalises: the lesson counts those orders.
static bool near_chance(double accuracy) { return accuracy < 1.0 / COPY_DEFAULT_VOCAB + COPY_FAR_ABOVE_CHANCE; }

static void claim_ranking(Chapter *ch, ClaimResult *r) {
    sweep_ensure(ch);
    // mean reciprocal rank of each of the five over the causal tasks, ranked by accuracy beyond L_train
    double mrr[N_RANKED] = {0};
    size_t n_tasks = 0, orders = 0, near_orders = 0;
    for (size_t task = 0; task < N_TASKS; task++) {
        if (!combination_exists(task, 1)) continue;
        n_tasks++;
        for (size_t i = 0; i < N_RANKED; i++) {
            double mine = summary(task, 1, PAPER_ORDER[i])->beyond.mean;
            size_t rank = 1;
            for (size_t j = 0; j < N_RANKED; j++)
                if (j != i && summary(task, 1, PAPER_ORDER[j])->beyond.mean > mine) rank++;
            mrr[i] += 1.0 / (double)rank;
            for (size_t j = i + 1; j < N_RANKED; j++) {   // each pair of the task once
                double theirs = summary(task, 1, PAPER_ORDER[j])->beyond.mean;
                orders++;
                near_orders += near_chance(mine) && near_chance(theirs) && mine != theirs;
            }
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
    chapter_say(ch, "Of the %zu orders within a task (%zu tasks x %d pairs), %zu are decided between two\n"
                    "accuracies both within %.0f points of chance (below %.2f%%): they say which model\n"
                    "failed less, not which generalises.\n",
                orders, n_tasks, N_RANKED * (N_RANKED - 1) / 2, near_orders, 100 * COPY_FAR_ABOVE_CHANCE,
                100 * (1.0 / COPY_DEFAULT_VOCAB + COPY_FAR_ABOVE_CHANCE));
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
    bool t5_untrained = unchanged == t5_runs;
    chapter_say(ch, "T5's buckets (keys before the query): the distances 1..%d that training sees fall in\n"
                    "buckets up to %zu; the distances %d..%zu of the test fall in buckets %zu..%zu, whose\n"
                    "biases are bit for bit their starting value 0 after training in %zu of the %zu T5 runs%s\n",
                COPY_DEFAULT_TRAIN_LEN - 1, posenc_t5_bucket(-(long)COPY_DEFAULT_TRAIN_LEN + 1), COPY_DEFAULT_TRAIN_LEN,
                eval_len() - 1, first_unseen, last_bucket, unchanged, t5_runs,
                t5_untrained ? ":\nbeyond L_train every far key gets the same untrained bias, so T5's rank there is\n"
                               "fixed by construction, not learned."
                             : ".");
    chapter_say(ch, "Kendall's tau between the paper's order and ours: %.2f (1 = the same order).\n"
                    "NoPE first: %s; T5 > ALiBi > RoPE > sinusoidal: %s.\n",
                tau, nope_first ? "yes" : "no", rest_in_order ? "yes" : "no");
    r->measured = tau;
    r->document = 1.0;
    r->tolerance = 0.0;
    claim_key(r, "Kendall tau, paper's order vs ours");
    r->verdict = tau >= 1.0 ? VERDICT_HOLDS
                            : (nope_first || rest_in_order ? VERDICT_PARTLY_HOLDS : VERDICT_DOES_NOT_HOLD);
    claim_value(r, "tau", tau);
    claim_value(r, "tasks", (double)n_tasks);
    claim_value(r, "mrr_none", mrr[0]);
    claim_value(r, "mrr_t5", mrr[1]);
    claim_value(r, "mrr_alibi", mrr[2]);
    claim_value(r, "mrr_rope", mrr[3]);
    claim_value(r, "mrr_sinusoidal", mrr[4]);
    claim_value(r, "orders", (double)orders);
    claim_value(r, "near_orders", (double)near_orders);
    claim_value(r, "near_points", 100 * COPY_FAR_ABOVE_CHANCE);   // "within 10 points of chance"
    claim_value(r, "t5_first_unseen", (double)COPY_DEFAULT_TRAIN_LEN);
    claim_value(r, "t5_unchanged", (double)unchanged);
    claim_value(r, "t5_runs", (double)t5_runs);
    // The lesson's caveats: orders decided near chance, and T5's untrained far buckets.
    claim_case(r, near_orders > 0 ? (t5_untrained ? "near_chance" : "near_chance_t5_moved")
                                  : (t5_untrained ? "clear" : "clear_t5_moved"));
    claim_finding(r, "%s Over our %zu causal tasks the mean reciprocal ranks are NoPE %.2f, T5 bias %.2f, ALiBi "
                     "%.2f, RoPE %.2f, sinusoidal %.2f (Kendall's tau against the paper's order %.2f); %zu of the "
                     "%zu pairs among the encodings that give positions are in the paper's order. %zu of the %zu "
                     "orders within a task are decided between two accuracies within %.0f points of chance. %s "
                     "%s.",
                  r->verdict == VERDICT_HOLDS           ? "Reproduced in a one-layer miniature."
                  : r->verdict == VERDICT_PARTLY_HOLDS ? "Partly reproduced in a one-layer miniature."
                                                       : "Not reproduced in a one-layer miniature.",
                  n_tasks, mrr[0], mrr[1], mrr[2], mrr[3], mrr[4], tau, positional_in_order, positional_pairs,
                  near_orders, orders, 100 * COPY_FAR_ABOVE_CHANCE,
                  t5_untrained ? "T5's biases for the distances from L_train on are never trained (bit for bit "
                                 "their starting value in every run), which fixes its rank beyond L_train by "
                                 "construction."
                               : "T5's biases for the distances from L_train on moved in some runs.",
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
    chapter_say(ch, "ALiBi here has one head and one learned slope m (S[t,s] += -m|t-s|); Press et al.\n"
                    "fix a geometric slope per head (2^(-8h/H), h = 1..H) and learn none, so what follows\n"
                    "generalises from one learned slope, not from the paper's set of heads.\n"
                    "Where one-slope ALiBi solves a task at the training length (>= %.0f%%), does it keep\n"
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
    claim_value(r, "solved", (double)alibi_solved);
    claim_value(r, "combinations", (double)n_combinations);
    claim_value(r, "kept", (double)alibi_kept);
    claim_value(r, "others_degrade", (double)others_degrade);
    claim_finding(r, "Tried with one head and one learned slope (Press et al. fix a geometric slope per head): "
                     "one-slope ALiBi solves %zu of the %zu task-and-mask combinations at the training length and "
                     "keeps the accuracy beyond it on %zu of those, where sinusoidal and RoPE both degrade on %zu.%s",
                  alibi_solved, n_combinations, alibi_kept, others_degrade,
                  alibi_kept > 0 ? " It extrapolates where it works; one slope makes the bias monotone in |t-s|, "
                                   "so it can only single out the nearest or the farthest key on a side the mask "
                                   "leaves open."
                                 : "");
}

// ---- claim 9.4: the ranking depends on the task ---------------------------------------

// The best encodings of each combination: those within COPY_SAME_BAND of the best
// accuracy beyond L_train count as tied (under a causal mask the two ALiBi variants are
// the same model, the right-hand slope seeing no key, and tie exactly). How many
// different winners there are then depends on how the ties are broken: the fewest
// (the smallest set of encodings holding a winner of every combination) and the most
// (one winner picked per combination, as many different ones as possible).
typedef unsigned TiedSet;   // bit enc set: enc is among the best of a combination

static size_t popcount_set(TiedSet s) {
    size_t n = 0;
    for (; s; s &= s - 1) n++;
    return n;
}

static size_t fewest_winners(const TiedSet *tied, size_t n) {
    size_t best = LAB_N_ENCODINGS;
    for (TiedSet pick = 1; pick < (1u << LAB_N_ENCODINGS); pick++) {
        bool covers = true;
        for (size_t i = 0; i < n && covers; i++) covers = (tied[i] & pick) != 0;
        if (covers && popcount_set(pick) < best) best = popcount_set(pick);
    }
    return best;
}

// Every way of picking one winner per combination from i on, 'used' the winners so far.
static size_t most_winners(const TiedSet *tied, size_t n, size_t i, TiedSet used) {
    if (i == n) return popcount_set(used);
    size_t best = 0;
    for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++)
        if (tied[i] & (1u << enc)) {
            size_t here = most_winners(tied, n, i + 1, used | (1u << enc));
            if (here > best) best = here;
        }
    return best;
}

static void claim_task_dependence(Chapter *ch, ClaimResult *r) {
    sweep_ensure(ch);
    TiedSet tied[N_TASKS * N_MASKS] = {0};
    size_t with_ties = 0;
    chapter_say(ch, "The best encodings beyond L_train, per task and mask (within %.0f points of the best\n"
                    "count as tied; accuracies as the runs give them, 6 digits):\n",
                100 * COPY_SAME_BAND);
    for (size_t i = 0; i < n_combinations; i++) {
        size_t task = combinations[i].task, mask = combinations[i].mask;
        double best = 0.0;
        for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) best = fmax(best, summary(task, mask, enc)->beyond.mean);
        char label[64];
        copy_task_label(&sweep[task][mask].x.config.task, label, sizeof label);
        chapter_say(ch, "  %-18s %-13s ", label, MASK_NAMES[mask]);
        for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++) {
            double acc = summary(task, mask, enc)->beyond.mean;
            if (acc < best - COPY_SAME_BAND) continue;
            chapter_say(ch, "%s%s %.6f", tied[i] ? ", " : "", lab_labels[enc], acc);
            tied[i] |= 1u << enc;
        }
        chapter_say(ch, "\n");
        with_ties += popcount_set(tied[i]) > 1;
    }
    size_t fewest = fewest_winners(tied, n_combinations), most = most_winners(tied, n_combinations, 0, 0);
    // What the first version of this claim counted: ties broken toward the encoding
    // listed first (one-slope ALiBi before ALiBi left/right).
    TiedSet first_listed = 0;
    bool alibi_first_in_ties = true;   // every tie broken that way goes to one-slope ALiBi
    for (size_t i = 0; i < n_combinations; i++)
        for (size_t enc = 0; enc < LAB_N_ENCODINGS; enc++)
            if (tied[i] & (1u << enc)) {
                first_listed |= 1u << enc;
                if (popcount_set(tied[i]) > 1) alibi_first_in_ties &= enc == COPY_ENC_ALIBI;
                break;
            }
    chapter_say(ch, "%zu of the %zu combinations have a tie. However the ties are broken, at least %zu and at\n"
                    "most %zu different encodings come out best; broken toward the encoding listed first\n"
                    "(one-slope ALiBi before ALiBi left/right), %zu.\n",
                with_ties, n_combinations, fewest, most, popcount_set(first_listed));
    r->measured = (double)fewest;
    r->document = 1.0;
    r->tolerance = 0.0;
    claim_key(r, "different winners, ties broken to the fewest");
    r->verdict = fewest > 1 ? VERDICT_HOLDS : VERDICT_DOES_NOT_HOLD;
    claim_value(r, "fewest", (double)fewest);
    claim_value(r, "most", (double)most);
    claim_value(r, "with_ties", (double)with_ties);
    claim_value(r, "combinations", (double)n_combinations);
    claim_value(r, "band", COPY_SAME_BAND);
    claim_value(r, "first_listed", (double)popcount_set(first_listed));
    claim_case(r, with_ties == 0                         ? "no_ties"
                  : popcount_set(first_listed) <= fewest ? "ties"
                  : alibi_first_in_ties                  ? "ties_alibi"
                                                         : "ties_first");
    if (fewest > 1)
        claim_finding(r, "However ties within %.0f points are broken, at least %zu (at most %zu) different encodings "
                         "come out best beyond the training length over the %zu task-and-mask combinations (%zu with "
                         "a tie): a ranking of encodings is a statement about the tasks it was measured on.",
                      100 * COPY_SAME_BAND, fewest, most, n_combinations, with_ties);
    else
        claim_finding(r, "One encoding is among the best (within %.0f points) beyond the training length on every one "
                         "of the %zu task-and-mask combinations (%zu different ones if ties are broken apart).",
                      100 * COPY_SAME_BAND, n_combinations, most);
}

// ---- main ----------------------------------------------------------------------

static const ClaimDef CLAIMS[] = {
    {"9.1", "Haviv et al. 2022",
     "A causal model without positional encoding learns positional information; a bidirectional one cannot.",
     VERDICT_PARTLY_HOLDS,
     "the mask gives a causal query the bag of earlier tokens, which carries order near the start; one layer "
     "cannot turn it into positions",
     claim_causal_nope, SCOPE_BEYOND, WEIGHT_NONE},
    {"9.2", "Kazemnejad et al. 2023",
     "A one-layer miniature reproduces the ranking Kazemnejad et al. find for decoder-only models on length "
     "generalisation: NoPE > T5's relative bias > ALiBi > RoPE > absolute positions.",
     VERDICT_DOES_NOT_HOLD,
     "one layer cannot use the mask's order as the paper's deeper NoPE models do (9.1); several orders are decided "
     "between near-chance accuracies, and T5's buckets for distances >= 32 are never trained, which fixes its rank "
     "by construction",
     claim_ranking, SCOPE_BEYOND, WEIGHT_NONE},
    {"9.3", "Press et al. 2022",
     "ALiBi extrapolates beyond the training length where sinusoidal positions and RoPE degrade (tried with one head "
     "and one learned slope; Press et al. fix a slope per head).",
     VERDICT_PARTLY_HOLDS,
     "its bias is monotone in |t-s|: it keeps what it solves, and solves only tasks whose answer is the nearest or "
     "farthest key on one side",
     claim_alibi, SCOPE_BEYOND, WEIGHT_NONE},
    {"9.4", "Beyond the papers",
     "The encoding that generalises best beyond the training length depends on the task, however ties are broken.",
     VERDICT_HOLDS, "each encoding makes some position patterns easy and others impossible", claim_task_dependence, SCOPE_BEYOND, WEIGHT_NONE},
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
        {"--steps", OPTION_INT, &steps, 1, 100000, 0, "N", N_("Adam steps per run")},
        {"--seeds", OPTION_INT, &seeds, 1, COPY_MAX_SEEDS, 0, "N", N_("runs per encoding, task and mask")},
        {"--eval-seqs", OPTION_INT, &eval_seqs, 1, 100000, 0, "N", N_("test sequences per run and length")},
        {"--far", OPTION_INT, &far_k, 2, COPY_DEFAULT_TRAIN_LEN - 1, 0, "K", N_("the second task copies the token K back")},
        {"--batch", OPTION_INT, &batch, 1, 256, 0, "N", N_("sequences per Adam step")},
        {"--threads", OPTION_INT, &threads, 1, 64, 0, "N", N_("runs trained at once")},
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
