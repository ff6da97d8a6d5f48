#!/usr/bin/python3
"""reference_ch06.py: chapter 6's training step in PyTorch, float32, one thread.

The reference that bench/bench_ch06.c times beside our own C training loop.
It is a benchmark helper, not part of the workbook: it needs Debian's PyTorch
(apt-get install --no-install-recommends python3-torch) and runs under
/usr/bin/python3. The workbook itself never imports it.

The model and the step are those of common/model/tiny_model.h and common/model/copy_task.h
with copy_config_default (common/run/copy_experiment.c) and the sinusoidal
encoding, the one bench_ch06 times:
  V 16, d 32, L_train 32, batch 64;
  x_t      = E[token_t] + p_t, p_t the sinusoidal row of position t
             (p_t[2i] = sin(t / 10000^(2i/d)), p_t[2i+1] = cos(the same));
  q, k, v  = x W_Q + b_Q, x W_K + b_K, x W_V + b_V (row convention);
  S[t,s]   = q_t . k_s / sqrt(d), no mask (bidirectional); A = softmax of each row;
  h_t      = x_t + (sum_s A[t,s] v_s) W_O + b_O;
  logits_t = h_t W_U + b_U;
  loss     = mean over t >= 1 of the cross-entropy against target token_{t-1};
  init     E ~ N(0,1), every W and b uniform in [-1/sqrt(d), 1/sqrt(d));
  Adam     lr 3e-3, betas 0.9 / 0.999, eps 1e-8, no weight decay;
  data     a fresh batch of tokens uniform in [0, V) at every step.
Everything is float32 (ours computes in double).

Usage:  reference_ch06.py --steps N [--seed S] [--warmup K] [--processes P]
Builds the model, takes K untimed steps (default 5), then times N steps (the
batch generation included, as in copy_time_training) and prints one line on
standard output:
  steps_per_second <x> final_loss <y>
where final_loss is the loss of the last timed step, before its update (as
CopyRun.loss records it). With --warmup 0 --steps 1 it is the initial loss.

--processes P (default 1) trains P models at once, one process and one thread
each (seeds S, S+1, ...), the way bench_ch06 trains two of ours at once: each
process builds its model and warms up, they wait for each other, then each
times its N steps; steps_per_second is then P*N over the wall time from the
first start to the last finish, and final_loss the mean of the P final losses.
Start-up (importing torch takes a second or two) is outside the timing, as it
is for one process.
"""

import argparse
import math
import multiprocessing
import sys
import time

import torch

# One thread, inside operators and between them, before any work is done.
torch.set_num_threads(1)
torch.set_num_interop_threads(1)

VOCAB = 16
WIDTH = 32
TRAIN_LEN = 32
BATCH = 64
LEARNING_RATE = 3e-3
BETAS = (0.9, 0.999)
EPSILON = 1e-8
BARRIER_SECONDS = 300.0


def sinusoidal_rows(positions, width):
    """(positions, width) float32: row t is the sinusoidal encoding of position t."""
    table = torch.zeros(positions, width, dtype=torch.float64)
    t = torch.arange(positions, dtype=torch.float64).unsqueeze(1)
    pair = torch.arange(width // 2, dtype=torch.float64)
    angle = t / torch.pow(10000.0, 2.0 * pair / width)
    table[:, 0::2] = torch.sin(angle)
    table[:, 1::2] = torch.cos(angle)
    return table.to(torch.float32)


class CopyModel(torch.nn.Module):
    """One layer, one head, no mask, no layer norm, no MLP (common/model/tiny_model.h)."""

    def __init__(self, vocab, width, positions):
        super().__init__()
        bound = 1.0 / math.sqrt(width)

        def uniform(*shape):
            return torch.nn.Parameter(torch.empty(*shape).uniform_(-bound, bound))

        self.width = width
        self.embedding = torch.nn.Parameter(torch.randn(vocab, width))
        self.w_qkv = uniform(width, 3 * width)
        self.b_qkv = uniform(3 * width)
        self.w_out = uniform(width, width)
        self.b_out = uniform(width)
        self.w_unembed = uniform(width, vocab)
        self.b_unembed = uniform(vocab)
        self.register_buffer("position_rows", sinusoidal_rows(positions, width))

    def forward(self, tokens):
        length = tokens.shape[1]
        x = self.embedding[tokens] + self.position_rows[:length]          # (B, T, d)
        q, k, v = torch.split(x @ self.w_qkv + self.b_qkv, self.width, dim=-1)
        scores = (q @ k.transpose(1, 2)) / math.sqrt(self.width)          # (B, T, T)
        weights = torch.softmax(scores, dim=-1)
        h = x + (weights @ v) @ self.w_out + self.b_out
        return h @ self.w_unembed + self.b_unembed                        # (B, T, V)


def copy_loss(model, tokens):
    """Mean cross-entropy at positions t >= 1, the target being token t-1."""
    logits = model(tokens)
    predicted = logits[:, 1:, :].reshape(-1, logits.shape[-1])
    wanted = tokens[:, :-1].reshape(-1)
    return torch.nn.functional.cross_entropy(predicted, wanted)


def training_step(model, optimiser, generator):
    tokens = torch.randint(0, VOCAB, (BATCH, TRAIN_LEN), generator=generator)
    optimiser.zero_grad(set_to_none=True)
    loss = copy_loss(model, tokens)
    loss.backward()
    optimiser.step()
    return loss


def now():
    """Seconds on the monotonic clock, the same clock in every process of this machine."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def timed_run(seed, steps, warmup, barrier=None):
    """(start, end, final loss) of 'steps' timed steps of a fresh model seeded with 'seed'."""
    torch.manual_seed(seed)
    model = CopyModel(VOCAB, WIDTH, TRAIN_LEN)
    optimiser = torch.optim.Adam(model.parameters(), lr=LEARNING_RATE, betas=BETAS, eps=EPSILON)
    batches = torch.Generator().manual_seed(seed + 1)
    for _ in range(warmup):
        training_step(model, optimiser, batches)
    if barrier is not None:
        barrier.wait(timeout=BARRIER_SECONDS)   # a process that died breaks it for the others
    start = now()
    for _ in range(steps):
        loss = training_step(model, optimiser, batches)
    return start, now(), loss.item()


def worker(seed, steps, warmup, barrier, results):
    results.put(timed_run(seed, steps, warmup, barrier))


def main():
    parser = argparse.ArgumentParser(description="Chapter 6's training step in PyTorch (float32, one thread).")
    parser.add_argument("--steps", type=int, required=True, help="timed training steps (>= 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the initial weights and the batches")
    parser.add_argument("--warmup", type=int, default=5, help="untimed steps before the timed ones (>= 0)")
    parser.add_argument("--processes", type=int, default=1, help="models trained at once, one process each (1..16)")
    args = parser.parse_args()
    if args.steps < 1 or args.warmup < 0 or not 1 <= args.processes <= 16:
        parser.error("--steps must be >= 1, --warmup >= 0 and --processes 1..16")

    if args.processes == 1:
        runs = [timed_run(args.seed, args.steps, args.warmup)]
    else:
        # fork: the children inherit the one-thread settings made at import
        context = multiprocessing.get_context("fork")
        barrier = context.Barrier(args.processes)
        results = context.Queue()
        children = [context.Process(target=worker, args=(args.seed + i, args.steps, args.warmup, barrier, results))
                    for i in range(args.processes)]
        for child in children:
            child.start()
        for child in children:   # each puts one small tuple: it fits the queue's pipe, join first is safe
            child.join()
        if any(child.exitcode != 0 for child in children):
            print("reference_ch06: a training process failed", file=sys.stderr)
            return 1
        runs = [results.get(timeout=BARRIER_SECONDS) for _ in children]
    seconds = max(end for _, end, _ in runs) - min(start for start, _, _ in runs)
    final_loss = sum(loss for _, _, loss in runs) / len(runs)
    if not math.isfinite(final_loss) or seconds <= 0.0:
        print(f"reference_ch06: bad run (loss {final_loss}, {seconds} s)", file=sys.stderr)
        return 1
    print(f"steps_per_second {len(runs) * args.steps / seconds:.3f} final_loss {final_loss:.6f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
