#!/bin/sh
# dtbot-random reads only a request's head (bots/stdio_main.cpp, RequestHead):
# it must find the fields in any order, skip a broken line, and go on.
set -eu
bot="$1"
out=$(printf '%s\n' \
  '{"type":"hello","protocol":1,"seat":0,"seats":2,"match_id":"m","rules":"gengine"}' \
  '{"type":"request","observation":{"phase":"actions","seats":[{"destiny":1,"hand":[{"id":3}]}]},"decision_id":7,"options":[{"text":"pass"},{"index":1,"text":"pass"},{"index":2,"text":"pass"}]}' \
  '{"type":"request","decision_id":8,"options":[{"te' \
  '{"decision_id":9,"options":[{"text":"pass","kind":"pass"}],"type":"request"}' \
  '{"type":"match_end"}' | "$bot" 2>/dev/null)
echo "$out"
echo "$out" | grep -q '"type":"ready"'
echo "$out" | grep -Eq '^\{"type":"answer","decision_id":7,"choice":[012]\}$'
! echo "$out" | grep -q '"decision_id":8'
echo "$out" | grep -Eq '^\{"type":"answer","decision_id":9,"choice":0\}$'
test "$(echo "$out" | wc -l)" -eq 3
