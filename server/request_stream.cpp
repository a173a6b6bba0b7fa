#include "server/request_stream.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>

namespace junqi::server {

namespace {

void addressOf(const sockaddr_storage& address, std::string& ip, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  if (address.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(address);
    inet_ntop(AF_INET, &in.sin_addr, text, sizeof text);
    port = ntohs(in.sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto& in6 = reinterpret_cast<const sockaddr_in6&>(address);
    inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof text);
    port = ntohs(in6.sin6_port);
  }
  ip = text;
}

}  // namespace

RequestStream::RequestStream(int socket, std::string request, double writeSeconds)
    : socket_(socket),
      request_(std::move(request)),
      writeDeadline_(std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(writeSeconds))) {}

// Waits for room in the socket until the answer's deadline.
bool RequestStream::is_writable() const {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(writeDeadline_ -
                                                                          std::chrono::steady_clock::now());
  if (left.count() <= 0) return false;
  pollfd p{socket_, POLLOUT, 0};
  return ::poll(&p, 1, static_cast<int>(left.count())) > 0 && (p.revents & POLLOUT);
}

ssize_t RequestStream::read(char* ptr, size_t size) {
  const std::size_t n = std::min(size, request_.size() - read_);
  std::memcpy(ptr, request_.data() + read_, n);
  read_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t RequestStream::write(const char* ptr, size_t size) {
  std::size_t sent = 0;
  while (sent < size) {
    if (!is_writable()) return -1;
    const ssize_t n = ::send(socket_, ptr + sent, size - sent, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
    if (n <= 0) return -1;
    sent += static_cast<std::size_t>(n);
  }
  return static_cast<ssize_t>(sent);
}

void RequestStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getpeername(socket_, reinterpret_cast<sockaddr*>(&address), &length) == 0) addressOf(address, ip, port);
}

void RequestStream::get_local_ip_and_port(std::string& ip, int& port) const {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (::getsockname(socket_, reinterpret_cast<sockaddr*>(&address), &length) == 0) addressOf(address, ip, port);
}

}  // namespace junqi::server
