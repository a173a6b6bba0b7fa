#include "tests/web/raw_connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>

namespace junqi::webtest {

RawConnection::RawConnection(int port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

RawConnection::~RawConnection() {
  if (fd_ >= 0) ::close(fd_);
}

bool RawConnection::send(std::string_view bytes) {
  while (fd_ >= 0 && !bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return fd_ >= 0;
}

std::string RawConnection::receive(double seconds, bool* closed) {
  std::string out;
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  if (closed) *closed = false;
  while (fd_ >= 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) {
      if (closed) *closed = true;
      break;
    }
    out.append(buffer, static_cast<std::size_t>(n));
  }
  return out;
}

int RawConnection::status(double seconds) {
  std::string got;
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  while (got.find("\r\n") == std::string::npos && std::chrono::steady_clock::now() < end) {
    bool closed = false;
    got += receive(0.05, &closed);
    if (closed) break;
  }
  // "HTTP/1.1 415 ..."; a "100 Continue" first is skipped.
  while (got.rfind("HTTP/1.1 100", 0) == 0) got.erase(0, got.find("\r\n\r\n") + 4);
  if (got.size() < 12 || got.rfind("HTTP/1.", 0) != 0) return 0;
  return std::stoi(got.substr(9, 3));
}

std::string postHead(const std::string& path, const std::string& extraHeaders) {
  return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + extraHeaders + "\r\n";
}

}  // namespace junqi::webtest
