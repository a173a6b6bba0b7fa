#include "distributed/mpi_world.h"

#include <climits>
#include <stdexcept>

#include <fmt/format.h>

namespace junqi {

namespace {

int byteCount(std::size_t size) {
  if (size > static_cast<std::size_t>(INT_MAX))
    throw std::runtime_error(fmt::format("an MPI message of {} bytes: at most 2 GB", size));
  return static_cast<int>(size);
}

std::string received(MPI_Message& message, const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  std::string bytes(static_cast<std::size_t>(count), '\0');
  MPI_Mrecv(bytes.data(), count, MPI_BYTE, &message, MPI_STATUS_IGNORE);
  return bytes;
}

}  // namespace

MpiWorld::MpiWorld(int& argc, char**& argv) {
  const int threads = MPI_THREAD_MULTIPLE;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, threads, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (provided < threads) {
    MPI_Finalize();
    throw std::runtime_error(fmt::format("this MPI gives thread level {}, not the {} needed", provided, threads));
  }
}

MpiWorld::~MpiWorld() { MPI_Finalize(); }

void MpiWorld::send(int rank, int tag, const std::string& bytes) const {
  MPI_Send(bytes.data(), byteCount(bytes.size()), MPI_BYTE, rank, tag, MPI_COMM_WORLD);
}

std::string MpiWorld::receive(int rank, int tag) const {
  MPI_Message message;
  MPI_Status status;
  MPI_Mprobe(rank, tag, MPI_COMM_WORLD, &message, &status);
  return received(message, status);
}

std::string MpiWorld::machine() const {
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  MPI_Get_processor_name(name, &length);
  return std::string(name, static_cast<std::size_t>(length));
}

bool MpiWorld::onOneMachine(int ranks) const {
  std::string mine = machine();
  mine.resize(MPI_MAX_PROCESSOR_NAME, '\0');
  std::string all(static_cast<std::size_t>(size_) * MPI_MAX_PROCESSOR_NAME, '\0');
  MPI_Allgather(mine.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
                MPI_COMM_WORLD);
  for (int r = 1; r < ranks && r < size_; ++r)
    if (all.compare(static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME, MPI_MAX_PROCESSOR_NAME, all, 0,
                    MPI_MAX_PROCESSOR_NAME) != 0)
      return false;
  return true;
}

std::optional<std::pair<int, std::string>> MpiWorld::poll(int tag) const {
  int arrived = 0;
  MPI_Message message;
  MPI_Status status;
  MPI_Improbe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &arrived, &message, &status);
  if (!arrived) return std::nullopt;
  return std::make_pair(status.MPI_SOURCE, received(message, status));
}

void Broadcast::start(void* data, int count, MPI_Datatype type) {
  MPI_Ibcast(data, count, type, 0, MPI_COMM_WORLD, &request_);
}

bool Broadcast::finished() {
  int done = 0;
  MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
  return done != 0;
}

void Broadcast::post(std::string bytes) {
  byteCount(bytes.size());
  queue_.push_back(std::move(bytes));
  progress();
}

bool Broadcast::progress() {
  for (;;) {
    if (stage_ == Stage::Idle) {
      if (queue_.empty()) return true;
      bytes_ = std::move(queue_.front());
      queue_.pop_front();
      size_ = bytes_.size();
      start(&size_, 1, MPI_UNSIGNED_LONG_LONG);
      stage_ = Stage::Size;
    }
    if (stage_ == Stage::Size) {
      if (!finished()) return false;
      start(bytes_.data(), static_cast<int>(bytes_.size()), MPI_BYTE);
      stage_ = Stage::Bytes;
    }
    if (!finished()) return false;
    stage_ = Stage::Idle;
  }
}

std::optional<std::string> Broadcast::receive() {
  if (stage_ == Stage::Idle) {
    start(&size_, 1, MPI_UNSIGNED_LONG_LONG);
    stage_ = Stage::Size;
  }
  if (stage_ == Stage::Size) {
    if (!finished()) return std::nullopt;
    bytes_.assign(byteCount(size_), '\0');
    start(bytes_.data(), static_cast<int>(bytes_.size()), MPI_BYTE);
    stage_ = Stage::Bytes;
  }
  if (!finished()) return std::nullopt;
  stage_ = Stage::Idle;
  return std::move(bytes_);
}

}  // namespace junqi
