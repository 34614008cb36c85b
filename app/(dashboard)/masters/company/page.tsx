import { AccountInfo } from "@/components/masters/account-info";
import { MasterScreenFrame, masterMetadata } from "../master-page";

export const generateMetadata = () => masterMetadata("company");

// The signed-in company and person, read-only.
export default function CompanyPage() {
  return (
    <MasterScreenFrame slug="company">
      <AccountInfo />
    </MasterScreenFrame>
  );
}
