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
