-- Decision 024: where a member lives is shown to nobody unless they choose to show it. Until now the
-- default was "suggestions", and the profile form saved every item's choice with each save, so a stored
-- "suggestions" for the region is the old default written back, not a choice anyone can tell apart from
-- it. Those entries are removed and follow the new default; other choices (members, partners, nobody) stay.
UPDATE "profile_settings" SET "visibility" = "visibility" - 'region' WHERE "visibility"->>'region' = 'suggestions';
