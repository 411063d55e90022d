-- Hiding someone now removes the notifications that name the other member, in both directions (the
-- hidden list holds either way). Pairs hidden before this release still have theirs: removed here too,
-- with any mail still waiting for them.
DELETE FROM "notifications" AS n USING "blocks" AS b
WHERE (n."user_id" = b."blocker_id" AND n."actor_id" = b."blocked_id")
   OR (n."user_id" = b."blocked_id" AND n."actor_id" = b."blocker_id");
