import { ASSIGNABLE_ROLES, INVITE_ERRORS } from "../../../../shared/schemas/teams.ts";
import { Callout, DocSection, List, P, SubHeading, TopicLink, Ui } from "../components/prose.tsx";
import { RolesTable } from "../components/roles-table.tsx";
import { ROLE_LABELS, rolesWith } from "../permission-texts.ts";
import { ActivitySection } from "./activity-section.tsx";
import { CommentsSection } from "./comments-section.tsx";
import { ScreenshotsSection } from "./screenshots-section.tsx";
import { SingleSignOnSections } from "./single-sign-on.tsx";

export function CollaborationTopic() {
  const assignable = ASSIGNABLE_ROLES.map((role) => ROLE_LABELS[role]).join(" or ");
  return (
    <>
      <DocSection id="teams" title="Teams">
        <P>
          Everything in Sprog belongs to a team: its projects, its tone of voice, its members. You create your
          first team when you sign up; <Ui>New Team</Ui> in the team and project picker at the top creates
          more. Whoever creates a team is its owner. You can be in several teams, with a different role in
          each, and the picker switches between them and their projects.
        </P>
        <P>
          <Ui>Edit Team</Ui> (the <Ui>Edit</Ui> button on the Team tab) renames the team or deletes it, and is
          for {rolesWith("team.edit")}. Deleting a team asks first and deletes all its projects, keys,
          translations and reviews; it cannot be undone.
        </P>
      </DocSection>

      <DocSection id="members" title="Members">
        <P>
          The <Ui>Team</Ui> tab lists the members, the owner first, then admins, then reviewers, with{" "}
          <Ui>Search members...</Ui> to filter them, and the pending invites below.
        </P>
        <List>
          <li>
            Only the owner changes roles: a dropdown next to each other member switches between {assignable}.
            Everyone else sees the role as a label.
          </li>
          <li>
            {rolesWith("members.remove").replace(/^./, (c) => c.toUpperCase())} can remove members. The owner
            cannot be removed.
          </li>
          <li>
            Someone outside a team cannot see anything of it: its projects and reviews answer “not found”.
          </li>
        </List>
      </DocSection>

      <DocSection id="invites" title="Invites">
        <P>
          <Ui>Invite</Ui> on the Team tab is for {rolesWith("members.add")}. Enter an e-mail address and
          choose the role, <Ui>Reviewer</Ui> (the default) or <Ui>Admin</Ui>: Sprog sends it an invitation
          with a link to sign up (or to log in, if the address already has an account).
        </P>
        <List>
          <li>
            The invited person joins with that role as soon as they verify a sign-in code with that address,
            and sees “You joined” with the team's name. Nobody has to accept anything by hand. No invite makes
            someone the owner.
          </li>
          <li>
            An address already in the team is refused with “{INVITE_ERRORS.alreadyMember}”, one already
            invited with “{INVITE_ERRORS.alreadyInvited}”. If the e-mail cannot be sent you see “
            {INVITE_ERRORS.sendFailed}”, and no invite is left behind.
          </li>
          <li>
            Pending invites are listed with their date; {rolesWith("members.remove")} can delete them, after a
            confirmation.
          </li>
        </List>
        <Callout>
          <P>
            Plans are paid per team, and each member is a seat: when an invited person joins, the team's
            subscription gains a seat, and removing a member takes it away. The <Ui>Team</Ui> tab shows the
            seats used and, under <Ui>Your plan</Ui>, the plan, its renewal date and (for the owner){" "}
            <Ui>Manage</Ui>, which opens the billing portal. Deleting a team cancels its subscription.
          </P>
        </Callout>
      </DocSection>

      <DocSection id="roles" title="Roles">
        <P>
          Every member has one role in a team. The owner can do everything, admins run the day-to-day work,
          and reviewers edit strings and work through <TopicLink to="reviews">reviews</TopicLink>. The server
          checks this table on every request; the app only hides what the server would refuse.
        </P>
        <RolesTable />
        <SubHeading>In short</SubHeading>
        <List>
          <li>
            <Ui>Owner</Ui>: everything, including roles, API keys, renaming and deleting the team. Usually the
            person who created it; a team has exactly one.
          </li>
          <li>
            <Ui>Admin</Ui>: projects, languages, keys, imports, batch translation, the tone of voice, members
            and invites. Not roles, API keys, or the team itself.
          </li>
          <li>
            <Ui>Reviewer</Ui>: edits and translates strings one at a time, exports, and creates, works through
            and approves reviews. Reads the tone of voice.
          </li>
        </List>
      </DocSection>
      <ScreenshotsSection />
      <CommentsSection />
      <ActivitySection />
      <SingleSignOnSections />
    </>
  );
}
