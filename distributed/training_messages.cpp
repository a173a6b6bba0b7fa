#include "distributed/training_messages.h"

#include <stdexcept>

#include "core/binary_io.h"

namespace junqi::mpi {

std::string encodeBroadcast(const Broadcasted& message) {
  ByteWriter out;
  out.put(static_cast<std::int32_t>(message.order));
  out.put(static_cast<std::int32_t>(message.generation));
  out.putString(message.weights);
  return out.bytes();
}

Broadcasted decodeBroadcast(const std::string& bytes) {
  ByteReader<std::runtime_error> in(bytes, "rank 0's broadcast");
  Broadcasted message;
  message.order = static_cast<Order>(in.get<std::int32_t>("the order"));
  message.generation = in.get<std::int32_t>("the generation");
  message.weights = in.getString("the weights");
  return message;
}

std::string encodeForwarded(const ForwardedGeneration& message) {
  ByteWriter out;
  out.put(static_cast<std::int32_t>(message.generation));
  out.put(static_cast<std::int32_t>(message.files.size()));
  for (const auto& [path, bytes] : message.files) {
    out.putString(path);
    out.putString(bytes);
  }
  return out.bytes();
}

ForwardedGeneration decodeForwarded(const std::string& bytes) {
  ByteReader<std::runtime_error> in(bytes, "rank 0's generation to train");
  ForwardedGeneration message;
  message.generation = in.get<std::int32_t>("the generation");
  const int count = in.get<std::int32_t>("the number of files");
  for (int i = 0; i < count; ++i) {
    std::string path = in.getString("a file's path");
    message.files.emplace_back(std::move(path), in.getString("a file's bytes"));
  }
  return message;
}

}  // namespace junqi::mpi
