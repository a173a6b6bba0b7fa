// A client that speaks raw bytes to the server, for the requests httplib's
// own client would not send: slow, silent, compressed, chunked, flooded.
#pragma once

#include <string>
#include <string_view>

namespace junqi::webtest {

class RawConnection {
 public:
  explicit RawConnection(int port);  // connects to 127.0.0.1:port
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return fd_ >= 0; }
  // Sends every byte; false once the server closed or reset the connection.
  bool send(std::string_view bytes);
  // What the server sent until it closed or `seconds` passed; `closed` says which.
  std::string receive(double seconds, bool* closed = nullptr);
  // The status of the answer that arrives within `seconds`, 0 when none does.
  int status(double seconds);

 private:
  int fd_ = -1;
};

// A POST request's head (its body follows), with the extra header lines given.
std::string postHead(const std::string& path, const std::string& extraHeaders);

}  // namespace junqi::webtest
