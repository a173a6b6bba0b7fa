#include "nets/eigen_model.h"

#include <algorithm>
#include <array>

#include <Eigen/Dense>
#if defined(__AVX2__) && defined(__FMA__)
#include <immintrin.h>
#endif

namespace junqi::nets {

namespace {

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>;  // column-major
using Vector = Eigen::VectorXf;

// A convolution: for a 1x1 kernel, weights (out x in) and bias; for a 3x3
// kernel, the sixteen Winograd-transformed weight matrices (out x in each).
struct Conv {
  Matrix w;
  std::array<Matrix, 16> winograd;
  Vector b;
  int in = 0, kernel = 1;
};

// 3x3 convolutions use Winograd's F(2x2, 3x3): each 2x2 block of outputs comes
// from a 4x4 block of inputs with 16 products instead of 36, so the tower's
// matrix products shrink from out x 9in x 60 to 16 of out x in x 18 (the
// board's 12 x 5 points are 6 x 3 blocks, the last column of blocks half off
// the board; the cross's 17 x 17 are 9 x 9, the last row and column half
// off): about 35% less time than one product over gathered 3x3
// neighbourhoods. In one dimension, outputs y0, y1 from inputs d0..d3 and
// weights g0..g2:
//   y0 = m0 + m1 + m2, y1 = m1 - m2 - m3, with
//   m0 = (d0 - d2) g0, m1 = (d1 + d2)(g0 + g1 + g2)/2,
//   m2 = (d2 - d1)(g0 - g1 + g2)/2, m3 = (d1 - d3) g2;
// in two, the same along rows and then along columns.
struct WinogradBlocks {
  int rows, columns;  // of the grid
  int blockRows() const { return (rows + 1) / 2; }
  int blockColumns() const { return (columns + 1) / 2; }
  int perPosition() const { return blockRows() * blockColumns(); }
};

Conv loadConv(const WeightsFile& f, const std::string& name) {
  const Tensor& w = f.tensors.at(name + ".weight");
  const Tensor& b = f.tensors.at(name + ".bias");
  Conv c;
  const int out = w.dims[0];
  c.in = w.dims[1];
  c.kernel = w.dims[2];
  c.b = Eigen::Map<const Vector>(b.data.data(), out);
  if (c.kernel == 1) {
    c.w = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(w.data.data(), out,
                                                                                                  c.in);
    return c;
  }
  for (Matrix& u : c.winograd) u.resize(out, c.in);
  for (int o = 0; o < out; ++o)
    for (int i = 0; i < c.in; ++i) {
      const float* g = w.data.data() + (static_cast<std::size_t>(o) * c.in + i) * 9;  // g[row * 3 + column]
      // G g: the four transformed rows of the kernel, then the same along columns.
      float rows[4][3];
      for (int j = 0; j < 3; ++j) {
        rows[0][j] = g[j];
        rows[1][j] = (g[j] + g[3 + j] + g[6 + j]) / 2;
        rows[2][j] = (g[j] - g[3 + j] + g[6 + j]) / 2;
        rows[3][j] = g[6 + j];
      }
      for (int r = 0; r < 4; ++r) {
        c.winograd[r * 4 + 0](o, i) = rows[r][0];
        c.winograd[r * 4 + 1](o, i) = (rows[r][0] + rows[r][1] + rows[r][2]) / 2;
        c.winograd[r * 4 + 2](o, i) = (rows[r][0] - rows[r][1] + rows[r][2]) / 2;
        c.winograd[r * 4 + 3](o, i) = rows[r][2];
      }
    }
  return c;
}

// c = a b for column-major a (rows x depth), b (depth x columns), c (rows x
// columns), rows a multiple of 8: the small products of one position's
// Winograd convolution without Eigen's packing of a and b on every call
// (a tenth of the tiny network's time), in panels of 32 rows x 3 columns
// held in registers. Returns false (nothing done) without AVX2 and FMA or
// for other row counts: the caller uses Eigen then.
#if defined(__AVX2__) && defined(__FMA__)
template <int Lanes8, int Columns>
void productTile(const float* a, const float* b, float* c, int rows, int depth) {
  __m256 sum[Columns][Lanes8];
  for (int j = 0; j < Columns; ++j)
    for (int i = 0; i < Lanes8; ++i) sum[j][i] = _mm256_setzero_ps();
  for (int k = 0; k < depth; ++k) {
    __m256 column[Lanes8];
    for (int i = 0; i < Lanes8; ++i) column[i] = _mm256_loadu_ps(a + static_cast<std::size_t>(k) * rows + 8 * i);
    for (int j = 0; j < Columns; ++j) {
      const __m256 factor = _mm256_broadcast_ss(b + static_cast<std::size_t>(j) * depth + k);
      for (int i = 0; i < Lanes8; ++i) sum[j][i] = _mm256_fmadd_ps(column[i], factor, sum[j][i]);
    }
  }
  for (int j = 0; j < Columns; ++j)
    for (int i = 0; i < Lanes8; ++i) _mm256_storeu_ps(c + static_cast<std::size_t>(j) * rows + 8 * i, sum[j][i]);
}

template <int Lanes8>
void productPanel(const float* a, const float* b, float* c, int rows, int depth, int columns) {
  int j = 0;
  for (; j + 3 <= columns; j += 3)
    productTile<Lanes8, 3>(a, b + static_cast<std::size_t>(j) * depth, c + static_cast<std::size_t>(j) * rows, rows, depth);
  for (; j < columns; ++j)
    productTile<Lanes8, 1>(a, b + static_cast<std::size_t>(j) * depth, c + static_cast<std::size_t>(j) * rows, rows, depth);
}

bool panelProduct(const float* a, const float* b, float* c, int rows, int depth, int columns) {
  if (rows % 8 != 0) return false;
  int r = 0;
  for (; r + 32 <= rows; r += 32) productPanel<4>(a + r, b, c + r, rows, depth, columns);
  for (; r < rows; r += 8) productPanel<1>(a + r, b, c + r, rows, depth, columns);
  return true;
}
#else
bool panelProduct(const float*, const float*, float*, int, int, int) { return false; }
#endif

}  // namespace

struct EigenModel::Impl {
  NetworkShape shape;
  Conv stem;
  std::vector<Conv> conv1, conv2;
  Conv policy, valueConv, layout;
  Matrix fc1, fc2;
  Vector fc1b, fc2b;
  // forwardSelected's: the stem's taps by plane (channels x 9 inputPlanes:
  // column plane * 9 + ky * 3 + kx; empty unless the stem is 3x3) and the
  // policy weights by target (channels x targets).
  Matrix stemTaps, policyByTarget;

  // The residual tower over the stem's activations x (replaced by the tower's output).
  // `panels`: the Winograd products by panelProduct (one position) instead of Eigen's.
  void tower(Matrix& x, Matrix& y, Matrix& z, Matrix& transformed, Matrix& products, bool panels = false) const {
    for (std::size_t b = 0; b < conv1.size(); ++b) {
      apply(conv1[b], x, transformed, products, y, panels);
      y = y.cwiseMax(0.0f);
      apply(conv2[b], y, transformed, products, z, panels);
      x = (z + x).cwiseMax(0.0f);
    }
  }

  // The value head of n positions from the tower's output x: n * 3 logits.
  void valueHead(const Matrix& x, int n, Matrix& transformed, Matrix& products, Matrix& y, float* wdl) const {
    const int places = shape.grid.places();
    apply(valueConv, x, transformed, products, y);
    y = y.cwiseMax(0.0f);
    Vector flat(shape.valueChannels * places);
    for (int s = 0; s < n; ++s) {
      for (int c = 0; c < shape.valueChannels; ++c)
        for (int p = 0; p < places; ++p) flat(c * places + p) = y(c, s * places + p);
      const Vector h = (fc1 * flat + fc1b).cwiseMax(0.0f);
      const Vector out = fc2 * h + fc2b;
      for (int k = 0; k < 3; ++k) wdl[s * 3 + k] = out(k);
    }
  }

  void sparseStem(const float* input, Matrix& out) const;

  // x: channels x (grid places x n) -> out: conv(x) + bias, for a 3x3 or 1x1 convolution.
  // `v` and `m` are work space (transformed inputs, products).
  void apply(const Conv& c, const Matrix& x, Matrix& v, Matrix& m, Matrix& out, bool panels = false) const {
    if (c.kernel == 1) {
      out.noalias() = c.w * x;
      out.colwise() += c.b;
    } else {
      applyWinograd(c, {shape.grid.rows, shape.grid.columns}, x, v, m, out, panels);
    }
  }

  static void applyWinograd(const Conv& c, const WinogradBlocks& grid, const Matrix& x, Matrix& v, Matrix& m,
                            Matrix& out, bool panels) {
    const int in = c.in, outChannels = static_cast<int>(c.b.size());
    const int rows = grid.rows, columns = grid.columns, places = rows * columns;
    const int blockRows = grid.blockRows(), blockColumns = grid.blockColumns();
    const int positions = static_cast<int>(x.cols() / places);
    const int blocks = positions * grid.perPosition();
    thread_local std::vector<float> zeros;
    zeros.assign(static_cast<std::size_t>(in), 0.0f);

    // Input transform: block b's 4x4 inputs (rows 2R-1..2R+2, columns
    // 2C-1..2C+2; zeros off the board) become column b of the 16 blocks of v.
    v.resize(in, 16 * blocks);
    for (int s = 0; s < positions; ++s)
      for (int br = 0; br < blockRows; ++br)
        for (int bc = 0; bc < blockColumns; ++bc) {
          const int block = (s * blockRows + br) * blockColumns + bc;
          const float* d[4][4];
          for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
              const int r = 2 * br - 1 + i, col = 2 * bc - 1 + j;
              const bool on = r >= 0 && r < rows && col >= 0 && col < columns;
              d[i][j] = on ? x.data() + (static_cast<Eigen::Index>(s) * places + r * columns + col) * in
                           : zeros.data();
            }
          float* vk[16];
          for (int k = 0; k < 16; ++k) vk[k] = v.data() + (static_cast<Eigen::Index>(k) * blocks + block) * in;
#pragma GCC ivdep  // the work space never overlaps the input: lets the loop run in SIMD
          for (int ch = 0; ch < in; ++ch) {
            float t[4][4];
            for (int j = 0; j < 4; ++j) {
              t[0][j] = d[0][j][ch] - d[2][j][ch];
              t[1][j] = d[1][j][ch] + d[2][j][ch];
              t[2][j] = d[2][j][ch] - d[1][j][ch];
              t[3][j] = d[1][j][ch] - d[3][j][ch];
            }
            for (int i = 0; i < 4; ++i) {
              vk[i * 4 + 0][ch] = t[i][0] - t[i][2];
              vk[i * 4 + 1][ch] = t[i][1] + t[i][2];
              vk[i * 4 + 2][ch] = t[i][2] - t[i][1];
              vk[i * 4 + 3][ch] = t[i][1] - t[i][3];
            }
          }
        }

    // The sixteen products.
    m.resize(outChannels, 16 * blocks);
    for (int k = 0; k < 16; ++k) {
      const Eigen::Index first = static_cast<Eigen::Index>(k) * blocks;
      if (panels && panelProduct(c.winograd[k].data(), v.data() + first * in, m.data() + first * outChannels,
                                 outChannels, in, blocks))
        continue;
      m.middleCols(first, blocks).noalias() = c.winograd[k] * v.middleCols(first, blocks);
    }

    // Output transform: each block's 2x2 outputs, plus the bias; those off
    // the board go to a scratch column, so that the loop has no branches and runs in SIMD.
    out.resize(outChannels, x.cols());
    thread_local std::vector<float> offBoard;
    offBoard.resize(static_cast<std::size_t>(outChannels));
    const float* bias = c.b.data();
    for (int s = 0; s < positions; ++s)
      for (int br = 0; br < blockRows; ++br)
        for (int bc = 0; bc < blockColumns; ++bc) {
          const int block = (s * blockRows + br) * blockColumns + bc;
          const auto product = [&](int k) {
            return m.data() + (static_cast<Eigen::Index>(k) * blocks + block) * outChannels;
          };
          const auto output = [&](int a, int b) {
            const int row = 2 * br + a, col = 2 * bc + b;
            return row < rows && col < columns
                       ? out.data() + (static_cast<Eigen::Index>(s) * places + row * columns + col) * outChannels
                       : offBoard.data();
          };
          outputTransform({product(0), product(1), product(2), product(3), product(4), product(5), product(6),
                           product(7), product(8), product(9), product(10), product(11), product(12), product(13),
                           product(14), product(15)},
                          bias, {output(0, 0), output(0, 1), output(1, 0), output(1, 1)}, outChannels);
        }
  }

  // One block's inverse transform, channel by channel: y = A^T m A + bias
  // (the same sums in the same order as the 1-D formulas above).
  static void outputTransform(const std::array<const float*, 16>& mk, const float* bias, const std::array<float*, 4>& y,
                              int channels) {
    const float *m0 = mk[0], *m1 = mk[1], *m2 = mk[2], *m3 = mk[3], *m4 = mk[4], *m5 = mk[5], *m6 = mk[6],
                *m7 = mk[7], *m8 = mk[8], *m9 = mk[9], *m10 = mk[10], *m11 = mk[11], *m12 = mk[12], *m13 = mk[13],
                *m14 = mk[14], *m15 = mk[15];
    float *y00 = y[0], *y01 = y[1], *y10 = y[2], *y11 = y[3];
#pragma GCC ivdep  // nor the output the products
    for (int o = 0; o < channels; ++o) {
      const float t00 = m0[o] + m4[o] + m8[o], t01 = m1[o] + m5[o] + m9[o], t02 = m2[o] + m6[o] + m10[o],
                  t03 = m3[o] + m7[o] + m11[o];
      const float t10 = m4[o] - m8[o] - m12[o], t11 = m5[o] - m9[o] - m13[o], t12 = m6[o] - m10[o] - m14[o],
                  t13 = m7[o] - m11[o] - m15[o];
      y00[o] = t00 + t01 + t02 + bias[o];
      y01[o] = t01 - t02 - t03 + bias[o];
      y10[o] = t10 + t11 + t12 + bias[o];
      y11[o] = t11 - t12 - t13 + bias[o];
    }
  }
};

EigenModel::EigenModel(const WeightsFile& f) : impl_(new Impl) {
  Impl& m = *impl_;
  m.shape = f.shape;
  m.stem = loadConv(f, "stem");
  for (int b = 0; b < f.shape.blocks; ++b) {
    m.conv1.push_back(loadConv(f, "block" + std::to_string(b) + ".conv1"));
    m.conv2.push_back(loadConv(f, "block" + std::to_string(b) + ".conv2"));
  }
  m.policy = loadConv(f, "policy");
  m.valueConv = loadConv(f, "value.conv");
  m.layout = loadConv(f, "layout");
  const Tensor& w1 = f.tensors.at("value.fc1.weight");
  const Tensor& w2 = f.tensors.at("value.fc2.weight");
  m.fc1 = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(w1.data.data(),
                                                                                                   w1.dims[0], w1.dims[1]);
  m.fc2 = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(w2.data.data(),
                                                                                                   w2.dims[0], w2.dims[1]);
  m.fc1b = Eigen::Map<const Vector>(f.tensors.at("value.fc1.bias").data.data(), w1.dims[0]);
  m.fc2b = Eigen::Map<const Vector>(f.tensors.at("value.fc2.bias").data.data(), w2.dims[0]);
  const Tensor& stem = f.tensors.at("stem.weight");  // out x in x 3 x 3: row o is plane-major taps
  if (m.stem.kernel == 3)
    m.stemTaps = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        stem.data.data(), stem.dims[0], static_cast<Eigen::Index>(stem.dims[1]) * 9);
  m.policyByTarget = m.policy.w.transpose();
}

EigenModel::~EigenModel() { delete impl_; }

const NetworkShape& EigenModel::shape() const { return impl_->shape; }

void EigenModel::forward(const float* input, int n, float* policy, float* wdl, float* layout) const {
  const Impl& m = *impl_;
  const int places = m.shape.grid.places();
  const Eigen::Index points = static_cast<Eigen::Index>(n) * places;
  // Inputs are planes (plane-major per position); activations are channels x points.
  thread_local Matrix x, y, z, transformed, products;
  x.resize(m.shape.inputPlanes, points);
  for (int s = 0; s < n; ++s)
    for (int c = 0; c < m.shape.inputPlanes; ++c)
      for (int p = 0; p < places; ++p)
        x(c, s * places + p) = input[(static_cast<std::size_t>(s) * m.shape.inputPlanes + c) * places + p];
  m.apply(m.stem, x, transformed, products, y);
  x = y.cwiseMax(0.0f);
  m.tower(x, y, z, transformed, products);
  // Policy: column (position, from) holds the to-logits: exactly from * targets + to.
  if (policy) {
    m.apply(m.policy, x, transformed, products, y);
    std::copy(y.data(), y.data() + y.size(), policy);
  }
  if (layout) {
    m.apply(m.layout, x, transformed, products, y);
    std::copy(y.data(), y.data() + y.size(), layout);
  }
  m.valueHead(x, n, transformed, products, y, wdl);
}

// The stem's 3x3 convolution (padding 1) of one position, summed tap by tap:
// out(o) = bias + sum over taps k and planes p of w(p, k) in(p, o + k - 1).
// A constant plane's share is its value times the taps that fall on the
// grid; any other plane adds the taps of its nonzero points. Exact for any
// input; cheap for Flip Junqi's, where most planes are constant and the
// others hold a piece or nothing at each point.
void EigenModel::Impl::sparseStem(const float* input, Matrix& out) const {
  const int rows = shape.grid.rows, columns = shape.grid.columns, places = rows * columns;
  const int channels = static_cast<int>(stem.b.size());
  out.resize(channels, places);
  out.colwise() = stem.b;
  float* const y = out.data();  // column o: output place o
  const auto tap = [&](int plane, int ky, int kx) { return stemTaps.data() + (plane * 9 + ky * 3 + kx) * channels; };
  const auto addScaled = [channels](float* __restrict to, const float* __restrict from, float a) {
    for (int c = 0; c < channels; ++c) to[c] += a * from[c];
  };
  // Tap (ky, kx) of the constant planes, their values applied: channels x 9.
  thread_local std::vector<float> constant;
  constant.assign(static_cast<std::size_t>(channels) * 9, 0.0f);
  for (int p = 0; p < shape.inputPlanes; ++p) {
    const float* plane = input + static_cast<std::size_t>(p) * places;
    const float v = plane[0];
    if (std::all_of(plane, plane + places, [v](float a) { return a == v; })) {
      if (v != 0)
        for (int k = 0; k < 9; ++k) addScaled(constant.data() + k * channels, tap(p, k / 3, k % 3), v);
      continue;
    }
    for (int q = 0; q < places; ++q) {
      if (plane[q] == 0) continue;
      const int r = q / columns, c = q % columns;
      // Input point (r, c) reaches output (r - ky + 1, c - kx + 1) through tap (ky, kx).
      for (int ky = std::max(0, r + 2 - rows); ky < 3 && r - ky + 1 >= 0; ++ky)
        for (int kx = std::max(0, c + 2 - columns); kx < 3 && c - kx + 1 >= 0; ++kx)
          addScaled(y + ((r - ky + 1) * columns + c - kx + 1) * channels, tap(p, ky, kx), plane[q]);
    }
  }
  // Constant planes: an output sees the taps that fall on the grid, which
  // depend only on whether it lies on the first or last row or column.
  thread_local std::vector<float> edgeSums;  // by edge class: 4 row classes x 4 column classes
  edgeSums.assign(static_cast<std::size_t>(channels) * 16, 0.0f);
  std::array<bool, 16> summed{};
  for (int o = 0; o < places; ++o) {
    const int r = o / columns, c = o % columns;
    const int rowClass = (r >= 1) | ((r + 1 < rows) << 1), columnClass = (c >= 1) | ((c + 1 < columns) << 1);
    float* sum = edgeSums.data() + (rowClass * 4 + columnClass) * channels;
    if (!summed[rowClass * 4 + columnClass]) {
      summed[rowClass * 4 + columnClass] = true;
      for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx)
          if ((ky != 0 || r >= 1) && (ky != 2 || r + 1 < rows) && (kx != 0 || c >= 1) && (kx != 2 || c + 1 < columns))
            addScaled(sum, constant.data() + (ky * 3 + kx) * channels, 1.0f);
    }
    addScaled(y + o * channels, sum, 1.0f);
  }
}

void EigenModel::forwardSelected(const float* input, std::span<const int> policyIndices, float* logits,
                                 float* wdl) const {
  const Impl& m = *impl_;
  thread_local Matrix x, y, z, transformed, products;
  if (m.stem.kernel == 3) {
    m.sparseStem(input, y);
  } else {
    const int places = m.shape.grid.places();
    x = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        input, m.shape.inputPlanes, places);
    m.apply(m.stem, x, transformed, products, y);
  }
  x = y.cwiseMax(0.0f);
  m.tower(x, y, z, transformed, products, true);
  // Logit (from, to): target `to`'s weights at grid place `from`.
  const int targets = m.shape.grid.policyTargets;
  for (std::size_t i = 0; i < policyIndices.size(); ++i) {
    const int from = policyIndices[i] / targets, to = policyIndices[i] % targets;
    logits[i] = m.policyByTarget.col(to).dot(x.col(from)) + m.policy.b[to];
  }
  m.valueHead(x, 1, transformed, products, y, wdl);
}

}  // namespace junqi::nets
