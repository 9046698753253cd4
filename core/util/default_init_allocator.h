// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace mg {

// An allocator whose resize() leaves new elements default-initialised (for float: not written)
// instead of zeroed. Large buffers that workers fill completely use it, so pages are first touched
// by the threads that write them rather than zeroed by one thread beforehand.
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}  // NOLINT: allocator rebind

  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// A float buffer that resize() does not zero.
using FloatBuffer = std::vector<float, DefaultInitAllocator<float>>;

}  // namespace mg
