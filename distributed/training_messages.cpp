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

}  // namespace junqi::mpi
