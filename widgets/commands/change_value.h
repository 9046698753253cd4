// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <utility>

#include <QString>
#include <QUndoCommand>

namespace mg {

// The merge ids of the value commands (QUndoCommand::id()), one per kind of value that merges.
// None: the command never merges (every change is its own step of the history).
enum class MergeId : int {
  None = -1,
  FieldSettings = 1,
  SubgraphSettings,
  EdgeThresholds,
  HubThreshold,
  HubWmin,
};

// What a value command merges on besides its MergeId: the edited object, the item of it (an id,
// or which fields a settings change touches) and the drag that made it (0 outside a drag).
struct MergeTarget {
  const void* object = nullptr;
  long long item = 0;
  int dragSerial = 0;
  bool operator==(const MergeTarget&) const = default;
};

// How a value command reads and writes its value in the document.
template <class Value>
struct ValueAccess {
  std::function<Value()> get;
  std::function<void(const Value&)> set;
};

// Tiled's ChangeValue: redo sets the new value, undo the old one read at construction. A command
// whose new value equals the old is obsolete (the stack drops it). Two commands merge into one
// step when they have the same MergeId (not None) and equal MergeTargets: the step keeps the
// first old value and the last new value, and becomes obsolete when that returns to the old one.
// The accessor's objects must outlive the command (the project clears its stack first).
// Value: copyable, with ==.
template <class Value>
class ChangeValue : public QUndoCommand {
 public:
  ChangeValue(const QString& text, ValueAccess<Value> access, Value value,
              MergeId mergeId = MergeId::None, MergeTarget target = {},
              QUndoCommand* parent = nullptr)
      : QUndoCommand(text, parent),
        m_access(std::move(access)),
        m_old(m_access.get()),
        m_new(std::move(value)),
        m_mergeId(mergeId),
        m_target(target) {
    setObsolete(m_old == m_new);
  }
  const Value& oldValue() const { return m_old; }
  const Value& newValue() const { return m_new; }

  int id() const override { return static_cast<int>(m_mergeId); }
  bool mergeWith(const QUndoCommand* other) override {
    const auto* o = dynamic_cast<const ChangeValue*>(other);
    if (!o || m_mergeId == MergeId::None || o->m_mergeId != m_mergeId || !(o->m_target == m_target))
      return false;
    m_new = o->m_new;
    setObsolete(m_old == m_new);
    return true;
  }
  void redo() override { m_access.set(m_new); }
  void undo() override { m_access.set(m_old); }

 private:
  ValueAccess<Value> m_access;
  Value m_old;
  Value m_new;
  MergeId m_mergeId;
  MergeTarget m_target;
};

}  // namespace mg
