#include "segue_support.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t received = 0;

static void on_signal(int sig) {
    if (received) {
        // A second signal: the first one's clean-up is taking too long; end as the default would.
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    received = sig;
}

void segue_signals_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    // A parent may have left them blocked (a thread pool's mask survives exec): unblock them,
    // here and in every thread started from now on.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int segue_signal_received(void) { return received; }

void segue_signal_reset(void) { received = 0; }
