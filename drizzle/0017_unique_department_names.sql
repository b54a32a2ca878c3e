-- Issue 13: department names are unique, ignoring letter case and surrounding spaces. Departments that already
-- share a name keep the oldest (lowest id) as it is; each later one is renamed "<name> (duplicate <id>)", so that
-- the index can be made and staff can see which to rename or merge.
UPDATE "departments" AS d SET "department_name" = btrim(d."department_name") || ' (duplicate ' || d."id" || ')'
WHERE EXISTS (
  SELECT 1 FROM "departments" AS older
  WHERE lower(btrim(older."department_name")) = lower(btrim(d."department_name")) AND older."id" < d."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "departments_department_name_unique" ON "departments" USING btree (lower(btrim("department_name")));
