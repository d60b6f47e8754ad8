//! The threads tool calls run on: [`checks_at_once`] of them, started with
//! the server, fed from one queue, so that at most that many calls run at
//! a time and the others wait their turn holding only their arguments. A
//! check takes many times its text in memory, and calls pipelined by the
//! dozen must not all run at once. The threads are few and always the
//! same because the allocator keeps a pool of memory for each thread that
//! allocates: calls spread over ever new threads (tokio's blocking pool)
//! left a peak of six calls' memory where two ran at a time.
//!
//! [`checks_at_once`]: crate::commands::engines::checks_at_once

use crossbeam_channel::Sender;

type Work = Box<dyn FnOnce() + Send>;

pub struct Calls {
    /// `None`: no thread could be started; each call runs on tokio's
    /// blocking pool instead.
    queue: Option<Sender<Work>>,
}

impl Calls {
    pub fn start(threads: usize) -> Calls {
        let (queue, works) = crossbeam_channel::unbounded::<Work>();
        let mut started = 0;
        for n in 0..threads {
            let works = works.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("boardlint-mcp-{n}"))
                .spawn(move || {
                    for work in works {
                        work();
                    }
                });
            started += usize::from(spawned.is_ok());
        }
        Calls {
            queue: (started > 0).then_some(queue),
        }
    }

    /// Run `work` on one of the threads, once it is free; what it returns,
    /// or a panic's message.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
        let contained = move || crate::guard::contain(work);
        let Some(queue) = &self.queue else {
            return tokio::task::spawn_blocking(contained)
                .await
                .map_err(|e| e.to_string())?;
        };
        let (answer, answered) = tokio::sync::oneshot::channel();
        queue
            .send(Box::new(move || {
                // The call's client may be gone: no one to tell.
                let _ = answer.send(contained());
            }))
            .map_err(|_| "the server's threads are gone".to_string())?;
        answered
            .await
            .map_err(|_| "the call ended without an answer".to_string())?
    }
}

/// The answers being made or waiting to be written out. A call takes a
/// slot before it runs and the slot comes back once a message is written to
/// the output, so that answers waiting for a slow reader (each as large as
/// its diagnostics, a few megabytes for a text of thousands of findings)
/// are bounded as the running calls are: faster checks must not pile up
/// more of them. A call waits for a slot at most [`SLOT_WAIT`], so that an
/// answer never written (a cancelled request) cannot stall the server.
pub struct Answering {
    slots: tokio::sync::Semaphore,
    /// Slots taken whose message has not been written yet.
    owed: std::sync::atomic::AtomicUsize,
}

/// The longest a call waits for a slot before it runs anyway.
const SLOT_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl Answering {
    pub fn new(slots: usize) -> Answering {
        Answering {
            slots: tokio::sync::Semaphore::new(slots.max(1)),
            owed: Default::default(),
        }
    }

    /// Take a slot, waiting while all are taken (at most [`SLOT_WAIT`]).
    pub async fn enter(&self) {
        if let Ok(Ok(permit)) = tokio::time::timeout(SLOT_WAIT, self.slots.acquire()).await {
            permit.forget();
            self.owed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    }

    /// A message was written to the output: a slot comes back, if any is
    /// owed.
    pub fn written(&self) {
        let returned = self.owed.fetch_update(
            std::sync::atomic::Ordering::SeqCst,
            std::sync::atomic::Ordering::SeqCst,
            |n| n.checked_sub(1),
        );
        if returned.is_ok() {
            self.slots.add_permits(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn at_most_so_many_calls_run_at_once_and_a_panic_is_contained() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let calls = Arc::new(Calls::start(2));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let answers = runtime.block_on(async {
            let all: Vec<_> = (0..8)
                .map(|n| {
                    let (running, most, calls) = (running.clone(), most.clone(), calls.clone());
                    tokio::spawn(async move {
                        calls
                            .run(move || {
                                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                                most.fetch_max(now, Ordering::SeqCst);
                                std::thread::sleep(Duration::from_millis(20));
                                running.fetch_sub(1, Ordering::SeqCst);
                                n
                            })
                            .await
                    })
                })
                .collect();
            let mut answers = Vec::new();
            for call in all {
                answers.push(call.await.unwrap());
            }
            answers
        });
        assert_eq!(answers, (0..8).map(Ok).collect::<Vec<_>>());
        assert_eq!(most.load(Ordering::SeqCst), 2);
        let panicked = runtime.block_on(calls.run(|| -> u8 { panic!("a bug") }));
        assert_eq!(panicked, Err("a bug".to_string()));
        // The thread that panicked still serves.
        assert_eq!(runtime.block_on(calls.run(|| 5)), Ok(5));
    }
}
