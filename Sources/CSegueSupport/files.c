#define _GNU_SOURCE
#include "segue_support.h"
#include <unistd.h>

int segue_sync_filesystem(int fd) { return syncfs(fd); }
