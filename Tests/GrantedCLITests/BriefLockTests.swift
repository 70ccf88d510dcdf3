import Dispatch
import Foundation
import GrantedDiscovery
import Testing

/// The lock the walk and the project index share between threads: it excludes, and its condition
/// wakes a waiter.
struct BriefLockTests {
    final class Counter: @unchecked Sendable {
        let lock = BriefLock()
        var value = 0
        /// Set while a thread is inside; a second one inside at once is a failure of the lock.
        var inside = false
        var overlaps = 0
    }

    @Test func threadsThatMeetOnTheLockTakeItInTurn() {
        let counter = Counter()
        let threads = 4
        let rounds = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds {
                counter.lock.lock()
                if counter.inside { counter.overlaps += 1 }
                counter.inside = true
                // A read-modify-write that loses increments unless the lock excludes.
                let read = counter.value
                counter.value = read + 1
                counter.inside = false
                counter.lock.unlock()
            }
        }
        #expect(counter.overlaps == 0)
        #expect(counter.value == threads * rounds)
        #expect(counter.lock.withLock { counter.value } == threads * rounds)
    }

    final class Handover: @unchecked Sendable {
        let condition = BriefCondition()
        var ready = false
        var seen: Bool?
    }

    @Test func aWaiterSleepsUntilTheBroadcastAndHoldsTheLockAfterIt() {
        let handover = Handover()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            handover.condition.lock()
            while !handover.ready { handover.condition.wait() }
            handover.seen = handover.ready
            handover.condition.unlock()
            done.signal()
        }
        // The waiter cannot pass before the flag is set.
        Thread.sleep(forTimeInterval: 0.05)
        handover.condition.lock()
        #expect(handover.seen == nil)
        handover.ready = true
        handover.condition.broadcast()
        handover.condition.unlock()
        #expect(done.wait(timeout: .now() + 10) == .success)
        handover.condition.lock()
        #expect(handover.seen == true)
        handover.condition.unlock()
    }
}
