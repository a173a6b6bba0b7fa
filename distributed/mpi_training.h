// A training run over an MPI job: `mpirun -n N [--hostfile H] junqi train
// --run DIR --mpi ...`. Rank 0 (trainer_rank.h) runs the trainer
// (junqi-train, with external self-play and external rating) on the run
// directory, which only its machine needs; ranks 1..N-1 (worker_rank.h) are
// self-play workers (training/selfplay_workers.h, Eigen, no LibTorch) that
// also play the run's rating games.
//
// - Rank 0 sends each worker the run's settings and its next shard index,
//   then broadcasts every new generation's weights file (MPI_Ibcast);
//   workers play shards with the newest weights and send them to rank 0,
//   which writes them into DIR/shards, where the trainer takes them as it
//   takes a local worker's. The run directory stays the one place that
//   holds the run (so the trainer, its resume and its tests are unchanged)
//   and workers need no shared file system.
// - The rating match of each new generation (of every game) is played on the
//   worker ranks (mpi_match.h), rank 0 writing its records; the trainer waits
//   for them.
// - With `--trainers T`, ranks 1..T-1 are partner trainers (follower_rank.h):
//   each runs a trainer of its own that trains every generation with rank
//   0's, on its own share of each step's batch, the gradients averaged over
//   the trainers (torch.distributed, Gloo); rank 0 forwards them the
//   generation's shards and the checkpoint to start from. The workers are
//   then ranks T..N-1.
// - When the trainer ends (done, refused, or stopped by Ctrl-C / SIGTERM,
//   which rank 0 passes on), rank 0 broadcasts a stop; workers send the games
//   they finished and leave.
// - Faults: MPI ends the whole job when a rank dies. The trainer then gets
//   SIGTERM (from rank 0, or as rank 0's child when rank 0 is killed) and
//   stops cleanly; every shard rank 0 wrote and every finished step is on
//   disk, so the same mpirun command resumes the run. Games in progress on
//   the workers are lost; no game is counted twice (a shard is one file,
//   written once under its worker's name and index).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "distributed/mpi_world.h"

namespace junqi {

struct MpiTrainingOptions {
  std::string run;  // the run directory, on rank 0's machine
  // The trainer: program, then its arguments but for `--run DIR`, which each
  // trainer rank adds (rank 0 the run's, a partner its scratch directory).
  std::vector<std::string> trainer;
  // Ranks 0..trainers-1 train together (data parallel, follower_rank.h); the
  // others are self-play workers.
  int trainers = 1;
  // Where the trainers meet (rank 0's trainer serves a TCP store there): the
  // loopback when every rank is on one machine, else rank 0's host name.
  std::string trainersHost = "127.0.0.1";
};

// A trainer rank's command line: the trainer's on the run directory `run`;
// with partner trainers, its place in their group and where they meet.
std::vector<std::string> trainerCommand(const MpiTrainingOptions& options, const std::string& run, int rank,
                                        const std::string& store);

// The name of rank r's worker: its shards are DIR/shards/w-rankR-NNNNNN.jqs.
std::string mpiWorkerName(int rank);

// Runs this rank's part; returns the exit status of the trainer on rank 0
// (0 on the workers). Throws std::runtime_error for a failure of this rank.
int runMpiTraining(const MpiWorld& world, const MpiTrainingOptions& options,
                   const std::function<void(const std::string&)>& log);

}  // namespace junqi
