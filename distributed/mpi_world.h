// The MPI job this process is one rank of (`mpirun -n N junqi ... --mpi`,
// Open MPI): MPI's start and end, and the two ways the distributed commands
// talk. MPI_THREAD_MULTIPLE: a match's rank 0 (and a training run's, for its
// rating match) sends from one thread per worker rank while its main thread
// polls; a worker rank's games run on threads that never call MPI.
#pragma once

#include <mpi.h>

#include <deque>
#include <optional>
#include <string>
#include <utility>

namespace junqi {

class MpiWorld {
 public:
  // Throws std::runtime_error when this MPI cannot call from several threads.
  MpiWorld(int& argc, char**& argv);
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Point to point: `bytes` to `rank` under `tag` (returns once the buffer
  // may be reused), a message from `rank` (blocking), and one from any rank
  // if one has arrived: (source, bytes).
  void send(int rank, int tag, const std::string& bytes) const;
  std::string receive(int rank, int tag) const;
  std::optional<std::pair<int, std::string>> poll(int tag) const;

  // This rank's machine (MPI_Get_processor_name: its host name), and whether
  // ranks 0..ranks-1 all run on rank 0's: a collective call, every rank makes it.
  std::string machine() const;
  bool onOneMachine(int ranks) const;

 private:
  int rank_ = 0, size_ = 1;
};

// Messages from rank 0 to every rank that the others pick up while they work
// (MPI_Ibcast of a size, then of the bytes). Rank 0 queues them with post()
// and moves them on with progress(); the others call receive(), which gives a
// message once one has arrived. Every rank must call MPI (these) regularly
// for a broadcast to finish. Messages arrive whole and in order.
class Broadcast {
 public:
  void post(std::string bytes);          // rank 0
  bool progress();                       // rank 0: true once every posted message is sent
  std::optional<std::string> receive();  // the other ranks

 private:
  bool finished();  // has the request in flight finished?
  void start(void* data, int count, MPI_Datatype type);
  std::deque<std::string> queue_;  // rank 0: messages not yet started
  unsigned long long size_ = 0;
  std::string bytes_;
  MPI_Request request_ = MPI_REQUEST_NULL;
  enum class Stage { Idle, Size, Bytes } stage_ = Stage::Idle;
};

}  // namespace junqi
