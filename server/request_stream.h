// httplib's view of one request the gate has read whole: reads come from
// its bytes, writes go to the client's socket, each within a deadline.
#pragma once

#include <chrono>
#include <string>

#include <httplib.h>

namespace junqi::server {

class RequestStream : public httplib::Stream {
 public:
  RequestStream(int socket, std::string request, double writeSeconds);
  bool is_readable() const override { return read_ < request_.size(); }
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return socket_; }

 private:
  int socket_;
  std::string request_;
  std::size_t read_ = 0;
  std::chrono::steady_clock::time_point writeDeadline_;
};

}  // namespace junqi::server
