#include "segue_support.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t received = 0;

static void on_signal(int sig) {
    if (received) {
        // A second signal a person sends (Ctrl-C again, the terminal closing, kill again): the
        // first one's clean-up is taking too long; end as the default would. SIGPIPE and the
        // rest come again by themselves (each write to a closed pipe), so they wait for the
        // clean-up the first one started.
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT) {
            signal(sig, SIG_DFL);
            raise(sig);
        }
        return;
    }
    received = sig;
}

/* Every signal whose default action ends the process and that arrives from outside it
   (not a fault of its own, such as SIGSEGV): all take the one clean path. */
static const int caught[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT,
};

void segue_signals_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    // A parent may have left them blocked (a thread pool's mask survives exec): unblock them,
    // here and in every thread started from now on.
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        struct sigaction old;
        // One the parent ignores (nohup's SIGHUP) stays ignored, as it asked; but SIGINT and
        // SIGTERM, which a shell ignores in its background jobs yet `kill` still means, and
        // SIGPIPE, which must not kill a writer silently.
        int always = caught[i] == SIGINT || caught[i] == SIGTERM || caught[i] == SIGPIPE;
        if (!always && sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(caught[i], &action, NULL);
        sigaddset(&set, caught[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int segue_signal_received(void) { return received; }

void segue_signal_reset(void) { received = 0; }
