#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock for critical sections as short as a dictionary lookup, taken by every thread of a run
/// thousands of times: a thread that finds it held gives its core away and tries again a number of
/// times before it sleeps. A plain mutex (`NSLock`) sleeps in the kernel at once, and the holder,
/// done a few hundred nanoseconds later, pays a second system call to wake it: in a two-core run
/// over the three real apps, that was 1,200 `futex` calls and a tenth of a millisecond of idle core
/// for each sleep. Where a lock is held across real work, use a plain one.
public final class BriefLock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Tries after the first before sleeping. Each yields the core first (`sched_yield`), so a
    /// holder that was preempted can run, and no core spins on the lock's cache line.
    static let retries = 100

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    public func lock() {
        if pthread_mutex_trylock(mutex) == 0 { return }
        lockHeldElsewhere()
    }

    @inline(never)
    private func lockHeldElsewhere() {
        for _ in 0..<BriefLock.retries {
            sched_yield()
            if pthread_mutex_trylock(mutex) == 0 { return }
        }
        pthread_mutex_lock(mutex)
    }

    @inline(__always)
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A `BriefLock` with a condition to wait on while it is released (what `NSCondition` is to
/// `NSLock`): for a queue whose threads take work in short critical sections and wait when there
/// is none.
public final class BriefCondition: @unchecked Sendable {
    private let briefLock = BriefLock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    @inline(__always)
    public func lock() { briefLock.lock() }

    @inline(__always)
    public func unlock() { briefLock.unlock() }

    /// Releases the lock until `broadcast` (or a spurious wake-up: callers wait in a loop that
    /// checks what they wait for), then holds it again.
    public func wait() {
        pthread_cond_wait(condition, briefLock.mutex)
    }

    /// Wakes every waiting thread; called with the lock held.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
