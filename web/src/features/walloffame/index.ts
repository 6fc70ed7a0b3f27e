/**
 * The Wall of Fame (docs/subsystems/web-walloffame.md): the attendee's gallery, projects, submit
 * and edit forms and "My projects", and the console's section. The venue frame and the console
 * load the page (`./WallOfFameView`) and the section (`./manage/WallOfFameScreen`) lazily by their
 * module paths, so each is its own chunk; this index is the surface for anything else.
 */
export { WallOfFameView } from "./WallOfFameView";
// The engagement island shows the featured projects from the gallery's own query.
export { listProjects, useWallKeys } from "./api";
